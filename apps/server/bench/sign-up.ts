/** Signs a new teacher up through the API, as the sign-up wizard does; answers her session cookie and id. */
export async function signUpTeacher(
  origin: string,
  label: string,
): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${origin}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Lehrkraft ${label}`,
      accountType: 'teacher',
      bundesland: 'Thüringen',
      school: 'Benchschule',
      subjects: ['Deutsch'],
      classLevel: '',
      termsAccepted: true,
      email: `bench-${label}-${Date.now()}@example.de`,
      password: 'Geheim123!',
      rememberMe: true,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: ((await response.json()) as { profile: { id: string } }).profile.id };
}
