"""`herald mcp` driven by PyPI's MCP client SDK, the server a subprocess over stdio."""
import os
import pathlib

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import herald_binary

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def call(tables: pathlib.Path, steps):
    params = StdioServerParameters(command=herald_binary(), args=["mcp", "--tables", str(tables)], env={"HOME": os.environ.get("HOME", "/")})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return await steps(session)


async def test_tools_are_listed_read_only(bundle):
    async def steps(session):
        return await session.list_tools()

    listed = await call(bundle, steps)
    names = sorted(t.name for t in listed.tools)
    assert names == ["explain", "format", "preview", "render", "validate"]
    assert all(t.annotations.read_only_hint for t in listed.tools)


async def test_validate_answers_findings_as_data(bundle):
    (bundle / "App" / "de.lproj" / "Localizable.strings").write_text('"greeting" = "Hallo %d";\n"count" = "%d neue Nachrichten";\n')

    async def steps(session):
        return await session.call_tool("validate", {"path": "App"})

    result = await call(bundle, steps)
    assert not result.is_error
    findings = result.structured_content["diagnostics"]
    mismatch = [f for f in findings if f["rule"] == "specifier-mismatch"]
    assert len(mismatch) == 1
    assert mismatch[0]["file"] == "App/de.lproj/Localizable.strings"
    assert mismatch[0]["line"] == 1
    assert str(bundle) not in str(result.structured_content), "no server path in what the assistant sees"


async def test_paths_outside_the_folder_are_refused(bundle, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (bundle / "link").symlink_to(outside)

    async def steps(session):
        return [await session.call_tool("validate", {"path": p}) for p in ("../", "/etc", "link")]

    results = await call(bundle, steps)
    assert all(r.is_error for r in results)
    assert "outside the tables folder" in results[2].content[0].text


async def test_format_and_render_in_given_locales(bundle):
    async def steps(session):
        formatted = await session.call_tool("format", {"key": "files", "locales": ["de", "pl"], "arguments": ["1"]})
        rendered = await session.call_tool(
            "render", {"payload": {"aps": {"alert": {"loc-key": "greeting", "loc-args": ["Ana"]}}}, "locales": ["de", "fr"]}
        )
        return formatted, rendered

    formatted, rendered = await call(bundle, steps)
    rows = {r["locale"]: r for r in formatted.structured_content["results"]}
    assert rows["de"]["text"] == "1 Datei"
    assert rows["pl"]["servedBy"] == "en"
    bodies = {r["locale"]: r["body"] for r in rendered.structured_content["results"]}
    # Arguments are isolated (FSI … PDI) as the device shows them.
    assert bodies["de"].startswith("Hallo ") and "Ana" in bodies["de"]
    assert bodies["fr"].startswith("Hello ")


async def test_preview_and_explain(bundle):
    async def steps(session):
        return await session.call_tool("preview", {"key": "files"}), await session.call_tool("explain", {"rule": "plural-missing-category"})

    preview, explain = await call(bundle, steps)
    locales = {r["locale"]: r for r in preview.structured_content["locales"]}
    assert [t["sample"] for t in locales["de"]["texts"]] == ["one 1", "other 0"]
    assert [t["sample"] for t in locales["pl"]["texts"]] == ["one 1", "few 2", "many 0", "other 0.0"]
    assert explain.structured_content["defaultSeverity"] == "error"
    bad = None

    async def unknown(session):
        return await session.call_tool("explain", {"rule": "no-such-rule"})

    bad = await call(bundle, unknown)
    assert bad.is_error and "no rule no-such-rule" in bad.content[0].text
