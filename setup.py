"""One build step on top of pyproject.toml: a wheel carries sprites/, fonts/ and
seeds/ (kept at the repository's top level) inside the package as game/_data/,
where game/resources.py looks for them first."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = ("sprites", "fonts", "seeds")  # game.resources.KINDS


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        for name in DATA:
            target = Path(self.build_lib, "game", "_data", name)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(HERE / name, target)


setup(cmdclass={"build_py": build_py_with_data})
