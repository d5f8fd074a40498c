"""Packages for setuptools; everything else is in pyproject.toml.

The shipped maps and art stay in the top-level ``maps/`` and ``assets/``
folders (project layout rule) and are mapped into the wheel as the data-only
packages ``game.data.maps`` and ``game.data.assets``. pyproject.toml alone
cannot combine automatic package discovery with such a mapping, hence this file.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {
    "game.data.maps": "maps",
    "game.data.assets": "assets",
}

setup(
    packages=[*find_packages(include=["game", "game.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
    package_data={
        # PEP 561: the package's type hints are for its users' type checkers too.
        "game": ["py.typed"],
        # Recursive globs: designers may add sub-folders of maps, tilesets and images.
        "game.data.maps": ["**/*.tmx", "**/*.tsx", "**/*.tx", "**/*.png"],
        "game.data.assets": ["**/*.tsx", "**/*.tx", "**/*.png"],
    },
    include_package_data=False,
)
