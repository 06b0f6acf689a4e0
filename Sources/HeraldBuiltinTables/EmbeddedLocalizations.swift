/// The app's translation tables, embedded in the binary so that `herald` serves them from any
/// directory (`--tables` names another folder): every table file of the package's
/// `Localizations/` folder, by its path relative to that folder, with its contents byte for byte.
///
/// `files` is written at build time by the EmbedLocalizations plugin from the folder itself,
/// which is the source of the translations: editing a table and building is all it takes.
public enum EmbeddedLocalizations {}
