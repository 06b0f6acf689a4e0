"""`herald lsp` driven by a real LSP client (pytest-lsp over pygls) as a subprocess."""
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import BUNDLE, herald_binary

DOCS = "https://herald.example/validate-rules"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[herald_binary(), "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient, bundle: pathlib.Path):
    lsp_client.bundle = bundle / "App"
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        root_uri=bundle.as_uri(),
        initialization_options={"ruleDocumentation": DOCS},
    )
    lsp_client.init_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def uri(client: LanguageClient, rel: str) -> str:
    return (client.bundle / rel).as_uri()


async def open_doc(client: LanguageClient, rel: str, text: str) -> str:
    doc = uri(client, rel)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=doc, language_id="strings", version=1, text=text))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return doc


async def test_capabilities(client: LanguageClient):
    caps = client.init_result.capabilities
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.document_symbol_provider
    assert client.init_result.server_info.name == "herald"


async def test_unsaved_buffer_is_linted_against_the_source(client: LanguageClient):
    # The buffer reads %d where the source (on disk) has %@: not saved, still found.
    doc = await open_doc(client, "de.lproj/Localizable.strings", '"greeting" = "Hallo %d";\n"count" = "%d neue Nachrichten";\n')
    found = client.diagnostics[doc]
    assert [d.code for d in found] == ["specifier-mismatch"]
    d = found[0]
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == "herald"
    assert d.range.start.line == 0
    assert d.code_description.href == DOCS + "#specifier-mismatch"

    # An incremental edit fixes it; the save flushes the debounce.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=0, character=21), end=types.Position(line=0, character=22)), text="@"
                )
            ],
        )
    )
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=doc)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[doc]) == []


async def test_missing_plural_category_in_an_unsaved_stringsdict(client: LanguageClient):
    # Polish needs one, few, many, other: a buffer with only one and other lacks few and many.
    text = BUNDLE["en.lproj/Localizable.stringsdict"].replace("%d file<", "%d plik<").replace("%d files<", "%d plików<")
    doc = await open_doc(client, "pl.lproj/Localizable.stringsdict", text)
    codes = [d.code for d in client.diagnostics[doc]]
    assert "plural-missing-category" in codes


async def test_document_symbols_are_the_keys(client: LanguageClient):
    doc = await open_doc(client, "en.lproj/Localizable.strings", BUNDLE["en.lproj/Localizable.strings"])
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=doc))
    )
    assert [s.name for s in symbols] == ["greeting", "count"]
    assert symbols[1].selection_range.start.line == 1


def pos(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


async def test_hover_shows_every_language_with_plural_samples(client: LanguageClient):
    doc = await open_doc(client, "en.lproj/Localizable.stringsdict", BUNDLE["en.lproj/Localizable.stringsdict"])
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(5, 8))
    )
    text = hover.contents.value
    assert "**files**" in text
    # German: one and other, with CLDR's samples (1 and 0); Polish is not translated: served by en.
    assert "one (1): 1 Datei" in text
    assert "other (0): 0 Dateien" in text
    assert "`pl` *(served by en)*" in text
    assert "few (2): 2 files" in text


async def test_definition_and_references_across_languages(client: LanguageClient):
    doc = await open_doc(client, "de.lproj/Localizable.strings", BUNDLE["de.lproj/Localizable.strings"])
    where = dict(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(1, 2))
    definition = await client.text_document_definition_async(types.DefinitionParams(**where))
    assert [d.uri for d in definition] == [uri(client, "en.lproj/Localizable.strings")]
    assert definition[0].range.start.line == 1
    refs = await client.text_document_references_async(
        types.ReferenceParams(**where, context=types.ReferenceContext(include_declaration=True))
    )
    assert sorted(r.uri for r in refs) == sorted(uri(client, f"{l}.lproj/Localizable.strings") for l in ("de", "en", "pl"))


async def test_payload_loc_key_goes_to_the_tables_and_completes(client: LanguageClient):
    payload = client.bundle.parent / "push.json"
    text = '{\n  "aps": {\n    "alert": {\n      "loc-key": "greeting",\n      "title-loc-key": "co\n'
    payload.write_text(text, encoding="utf-8")
    doc = payload.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=doc, language_id="json", version=1, text=text))
    )
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(3, 20))
    )
    assert sorted(d.uri for d in definition) == sorted(uri(client, f"{l}.lproj/Localizable.strings") for l in ("de", "en", "pl"))
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(4, 26))
    )
    labels = [i.label for i in completion.items]
    assert "count" in labels and "greeting" in labels and "files" in labels


async def test_plural_categories_complete_for_the_language(client: LanguageClient):
    text = BUNDLE["en.lproj/Localizable.stringsdict"].replace("<key>one</key>", "<key>")
    doc = await open_doc(client, "pl.lproj/Localizable.stringsdict", text)
    line = [i for i, l in enumerate(text.split("\n")) if l.strip().startswith("<key><string>")][0]
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(line, 11))
    )
    assert [i.label for i in completion.items] == ["one", "few", "many", "other"]


async def test_code_actions_fix_what_a_machine_can(client: LanguageClient):
    # Polish without few and many: the fix adds them with the source's text.
    text = BUNDLE["en.lproj/Localizable.stringsdict"].replace("%d file<", "%d plik<").replace("%d files<", "%d plików<")
    doc = await open_doc(client, "pl.lproj/Localizable.stringsdict", text)
    plural = [d for d in client.diagnostics[doc] if d.code == "plural-missing-category"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc), range=plural[0].range, context=types.CodeActionContext(diagnostics=plural)
        )
    )
    edit = actions[0].edit.changes[doc][0]
    assert "<key>few</key>" in edit.new_text and "<string>%d files</string>" in edit.new_text
    assert "<key>many</key>" in edit.new_text
    assert text.split("\n")[edit.range.start.line].strip().startswith("<key>other</key>")

    # "% @" in a translation, and a lone % at the end of a text.
    lines = ['"greeting" = "Hallo % @";', '"count" = "%d neue Nachrichten 100%";']
    doc = await open_doc(client, "de.lproj/Localizable.strings", "\n".join(lines) + "\n")
    found = list(client.diagnostics[doc])
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc), range=found[0].range, context=types.CodeActionContext(diagnostics=found)
        )
    )
    titles = {a.title: a.edit.changes[doc] for a in actions}
    space = titles["Remove the space after '%' (% @ → %@)"][0]
    assert (space.range.start.line, space.range.start.character, space.range.end.character, space.new_text) == (0, lines[0].index("% @") + 1, lines[0].index("% @") + 2, "")
    escape = titles["Escape the percent sign (% → %%)"][0]
    assert (escape.range.start.line, escape.range.start.character, escape.new_text) == (1, lines[1].index("100%") + 4, "%")
