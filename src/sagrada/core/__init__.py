"""The rules of Sagrada: standard library only, no I/O beyond reading packaged data."""
