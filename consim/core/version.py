"""The engine's version, written into every record and saved state."""

__version__ = "0.2.0"

#: how records and saved states name the engine that made them
ENGINE = f"consim {__version__}"
