/// The reader's compiled form (`Resources/crisis-reader.txt`): what `Resources/crisis.json` says,
/// with every word already brought to its base form, each word's classes and each phrase's
/// opening words worked out, so a run reads it in a fraction of a millisecond instead of reading
/// the JSON and normalising thousands of words at its first line. `yadg-train compile` writes it
/// (``DistressReader/compile(lexicon:classes:phrases:emoji:)``); a test holds it to what the
/// JSON compiles to.
///
/// One entry a line, its kind letter first, fields between tabs:
///
/// - the lexicon (``Lexicon/init(lines:)``): `s` a spelling and its words, `f` a form and its
///   base, `b` a base, `k` another known word, `n` a real word that is never a misspelling, `t` a
///   word a misspelling is read towards;
/// - `e` an emoji and the word it stands for;
/// - `c` a class's name, in the order of their bits; `m` a word and its classes (a mask of bits);
/// - `p` a phrase: its kind (``DistressReader/Kind``'s raw value), the classes it can open with
///   (a mask) and its text, numbered from 0 in the order they come;
/// - `o` a word and the numbers of the phrases it can open.
extension DistressReader {}
