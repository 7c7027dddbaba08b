/**
 * Passwords people pick first (ASVS 6.2.4 asks to refuse the most common ones), in the
 * forms this university's people would type them; compared case-insensitively.
 */
const COMMON = new Set(
  [
    'password',
    'password1',
    'password12',
    'password123',
    'passw0rd',
    'p@ssw0rd',
    'p@ssword',
    'motdepasse',
    'motdepasse1',
    'motdepasse123',
    '12345678',
    '123456789',
    '1234567890',
    '123123123',
    '11111111',
    '00000000',
    '87654321',
    '12341234',
    '11223344',
    '01234567',
    'azerty123',
    'azertyuiop',
    'azerty12',
    'qwerty123',
    'qwertyuiop',
    'qwerty12',
    'abcd1234',
    'abc12345',
    'abcdefgh',
    'aaaaaaaa',
    'iloveyou',
    'sunshine',
    'princess',
    'football',
    'baseball',
    'welcome1',
    'welcome123',
    'bienvenue',
    'bienvenue1',
    'jesus123',
    'cameroun',
    'cameroon',
    'cameroun237',
    'cameroon237',
    'yaounde1',
    'douala237',
    'lionsindomptables',
    'universite',
    'university',
    'etudiant',
    'student1',
    'student123',
    'teacher1',
    'enseignant',
    'portal2024',
    'portal123',
    'admin123',
    'administrator',
    'changeme',
    'letmein1',
  ].map((p) => p.toLowerCase()),
);

/**
 * Why a password is refused, so that the person is told: `personal` when it contains the
 * person's matricule or one of their names (of 4 letters or more), `common` when it is one of
 * the common passwords or has fewer than 3 different characters; null when it is accepted.
 */
export function passwordWeakness(password: string, person: { MATRICULE: string; FIRSTNAME: string; LASTNAME: string }): 'personal' | 'common' | null {
  const lower = password.toLowerCase();
  const personal = [person.MATRICULE, ...person.FIRSTNAME.split(/[\s-]+/), ...person.LASTNAME.split(/[\s-]+/)]
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 4);
  if (personal.some((w) => lower.includes(w))) return 'personal';
  if (COMMON.has(lower) || new Set(lower).size < 3) return 'common';
  return null;
}
