"""Go/no-go checks for the Cleeve Hill Model Rocketry Club."""
