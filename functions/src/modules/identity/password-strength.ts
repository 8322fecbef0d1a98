import { SECURITY_MESSAGES } from "@jengafund/shared";
import { InvalidInputError } from "../../kernel/errors.js";

/**
 * Words of this product that a password must not lean on: with the dictionaries, `jengafund1` is as guessable as
 * `password1`.
 */
const PRODUCT_WORDS = ["jengafund", "jenga", "jengafunds", "mpesa", "safaricom", "kenya", "nairobi", "investor"];

/**
 * zxcvbn's score below which a password is refused when a pattern explains it: 0 and 1 are guesses under about a
 * million (the common password lists, a word and a digit, keyboard runs, sequences). A short password that no pattern
 * explains (six random characters) scores 1 by its length alone; that is the 6-character rule's to judge, not this.
 */
const MIN_SCORE = 2;

type Checker = {
  check(password: string, userInputs?: (string | number)[]): { score: number; sequence: { pattern: string }[] };
};

let checker: Promise<Checker> | undefined;

/**
 * The strength library and its dictionaries (a few MB of word lists), loaded on the first check and kept for the
 * container's life: only the routes that set a password carry them (register, reset).
 */
function load(): Promise<Checker> {
  checker ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/**
 * Common passwords refused at register and reset (design.md §12.2), by zxcvbn with its common and English
 * dictionaries, the product's words and the account's own details (`userInputs`: name, email, phone).
 */
export async function refuseCommonPassword(password: string, userInputs: string[] = []): Promise<void> {
  const { score, sequence } = (await load()).check(password, [...PRODUCT_WORDS, ...userInputs.filter(Boolean)]);
  const guessable = sequence.some((match) => match.pattern !== "bruteforce");
  if (score < MIN_SCORE && guessable) throw new InvalidInputError(SECURITY_MESSAGES.passwordTooCommon);
}
