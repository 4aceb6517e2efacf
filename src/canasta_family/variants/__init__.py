"""Built-in variants, one module each, and the shared defaults in :mod:`._core`."""
