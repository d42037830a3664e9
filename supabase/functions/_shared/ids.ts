// Row ids are PostgreSQL int4: 1 to 2,147,483,647.
export const ID_MAX = 2_147_483_647;

// An id written in a path, a search parameter or a cursor: a plain positive int4 with no sign,
// leading zero or spaces, else null. No zod, so Home's first render can use it.
export function parseId(text: string | null | undefined): number | null {
  if (text == null || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}
