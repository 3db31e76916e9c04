"""One module per change of the server's tables, oldest first."""
