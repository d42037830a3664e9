// The passwords people pick most often are the first ones an attacker tries. The list is
// zxcvbn-ts's (its 'passwords-common' dictionary, most common first, lowercase), shipped as an npm
// package to the api only: the PWA never loads it. Loaded on the first password set in a
// process, not at start: most requests never need it.
const MOST_COMMON = 10_000;

let loading: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, MOST_COMMON)),
  );
  return loading;
}

// 'Password1' is as guessable as 'password1': the list holds lowercase words.
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
