"""Shared by the end-to-end tests: the herald binary under test and a bundle of tables."""
import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def herald_binary() -> str:
    """$HERALD, else the debug build beside the checkout."""
    path = os.environ.get("HERALD") or str(ROOT / ".build" / "debug" / "herald")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no herald binary at {path}; build first or set HERALD", returncode=2)
    return path


BUNDLE = {
    "en.lproj/Localizable.strings": '"greeting" = "Hello %@";\n"count" = "%d new messages";\n',
    "en.lproj/Localizable.stringsdict": """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>files</key>
  <dict>
    <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
    <key>n</key>
    <dict>
      <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>one</key><string>%d file</string>
      <key>other</key><string>%d files</string>
    </dict>
  </dict>
</dict>
</plist>
""",
    "de.lproj/Localizable.strings": '"greeting" = "Hallo %@";\n"count" = "%d neue Nachrichten";\n',
    "de.lproj/Localizable.stringsdict": None,  # en's, with German forms (below)
    "pl.lproj/Localizable.strings": '"greeting" = "Cześć %@";\n"count" = "%d nowych wiadomości";\n',
}


BUNDLE["de.lproj/Localizable.stringsdict"] = (
    BUNDLE["en.lproj/Localizable.stringsdict"].replace("%d file<", "%d Datei<").replace("%d files<", "%d Dateien<")
)


@pytest.fixture
def bundle(tmp_path: pathlib.Path) -> pathlib.Path:
    """A bundle folder with en, de and pl tables."""
    for rel, text in BUNDLE.items():
        path = tmp_path / "App" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path
