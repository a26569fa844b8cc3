"""Brining and smoking sheets for the Saltmarsh Smokehouse."""
