"""Weigh-ins and flying displays for the Larkfield falconry centre."""
