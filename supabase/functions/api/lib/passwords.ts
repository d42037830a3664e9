import bcrypt from 'bcryptjs';

const BCRYPT_COST = 10;
// Compared against when the username is unknown, so both paths take the same time.
const DUMMY_HASH = '$2b$10$ty07y/yhnALzqh9ut5yDiee0pLL4JhQhUbHHXKLfocrc13B0dt6Te';

// cost: only the test suites pass one (ApiOptions.passwordCost); every host hashes at BCRYPT_COST.
export function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  return bcrypt.hash(password, cost);
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && Boolean(hash);
}
