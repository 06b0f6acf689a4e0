// The plural category names are HeraldPluralCategory's (the table readers use them without
// ICU); `import HeraldICU` alone still gives them, as it gives the rules that answer in them.
@_exported public import HeraldPluralCategory
