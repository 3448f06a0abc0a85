// The subject words the benches' seeds build text from (notes, questions, posts), and the same
// list as a PostgreSQL array literal for statements that pick from it.

export const WORDS = [
  "parliament",
  "committee",
  "constitution",
  "federalism",
  "judiciary",
  "budget",
  "monsoon",
  "agriculture",
  "inflation",
  "biodiversity",
  "panchayat",
  "amendment",
  "governor",
  "fiscal",
  "climate",
  "himalaya",
  "revolt",
  "reform",
  "election",
  "tribunal",
];

/** `WORDS` as an SQL array literal: `${WORDS_SQL}[1 + n % 20]` picks one. */
export const WORDS_SQL = `(array[${WORDS.map((w) => `'${w}'`).join(",")}])`;
