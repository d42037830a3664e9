// What a member who deleted their account is called in the database (public.users.name of a row
// with erased_at, private.delete_member): their past rides keep them, under this name, which is
// reserved so nobody else can take it. The PWA and the push texts show it in the reader's
// language; the server's English texts (the calendar file) read it as it is.
export const FORMER_MEMBER_NAME = 'a former member';
