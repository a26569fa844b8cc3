"""Results for the Thursday evening club 10-mile time trial."""
