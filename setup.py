"""The package build compiles the message catalogs: the .mo files ship in the wheel, never in git.

Everything else about the package is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """Compile each ``scorepad/locale/LANG/LC_MESSAGES/scorepad.po`` into the built package's ``.mo``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for source in Path("scorepad/locale").glob("*/LC_MESSAGES/scorepad.po"):
            language = source.parts[-3]
            with source.open("rb") as file:
                catalog = read_po(file, locale=language)
            target = Path(self.build_lib) / source.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as file:
                write_mo(file, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})
