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
