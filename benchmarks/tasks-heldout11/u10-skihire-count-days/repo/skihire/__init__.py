"""skihire: quotes and receipts for the ski rental shop."""
