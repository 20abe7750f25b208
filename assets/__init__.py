"""Data files made by this project (icon, sounds); see LICENSE.md beside this file.

A package only so that the files travel inside the wheel and are found with
``importlib.resources.files("assets")`` from any kind of install.
"""
