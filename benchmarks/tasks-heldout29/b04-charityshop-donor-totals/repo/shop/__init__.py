"""Gift Aid claims and donor letters for the Hospice Shop, Market Street."""
