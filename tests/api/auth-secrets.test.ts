// Password hashes and session tokens never leave the database: no account answer carries one, for
// anyone, and no API role can read the tables that hold them.
import { describe, expect, it } from 'vitest';

import { assertNoSecrets, registerNamed } from '../support/accounts.ts';
import { TestClient, uniqueName } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  describe('secrets', () => {
    it('are caught by the answer check this suite runs on every response', () => {
      expect(() => assertNoSecrets('{"password_hash":"x"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"token_hash":"x"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"h":"$2b$10$abcdefghijklmnopqrstuv"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"message":"S$20 per stop"}', 'probe')).not.toThrow();
    });

    it('never appear in any account answer, for anyone', async () => {
      const member = await registerNamed(suite.app, uniqueName('leak'), { whatsappNumber: '+65 9000 0000' });
      const anonymous = new TestClient(suite.app);
      const answers = [
        await member.get('/api/auth/me'),
        await member.patch(`/api/users/${member.user.id}`, { name: 'Leak Check' }),
        await suite.admin.get('/api/admin/password-reset-requests'),
        await anonymous.get('/api/rides'),
        await member.get('/api/rides'),
        await anonymous.get('/api/auth/me'),
        await anonymous.post('/api/login', { discordUsername: member.user.discordUsername, password: 'nope-nope' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeLessThan(500);
        const text = JSON.stringify(answer.body);
        expect(text).not.toMatch(/password_hash|token_hash|\$2[aby]\$/);
      }
    });

    it('sit where no API role can read them', async () => {
      for (const role of ['anon', 'authenticated']) {
        for (const table of [
          'private.credentials',
          'private.sessions',
          'private.password_reset_codes',
          'private.login_failures',
        ]) {
          await expect(
            suite.db.database.transaction(async (tx) => {
              await tx.query(`set local role ${role}`);
              return tx.query(`select * from ${table} limit 1`);
            }),
          ).rejects.toThrow(/permission denied/i);
        }
      }
    });
  });
});
