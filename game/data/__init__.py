"""The shipped maps and tile art, as package data.

In a checkout they live in the top-level ``maps/`` and ``assets/`` folders
(the project layout); ``setup.py`` maps those folders into this package as
``game.data.maps`` and ``game.data.assets`` so a wheel carries them with the
same relative layout (``../assets/terrain.tsx`` from a map still resolves).
Find them through :func:`game.maps.shipped_maps`, never by path arithmetic.
"""
