"""The ``consim`` command."""
