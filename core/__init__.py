"""The bottom every layer may import: settings (the one object that reads the environment), telemetry and the
Temporal connection."""
