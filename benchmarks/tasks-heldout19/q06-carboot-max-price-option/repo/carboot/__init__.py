"""What's for sale at the Sunday car boot sale."""
