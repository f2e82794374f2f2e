import { planMessages } from '@korrigo/domain';
import { e2eStripeUrl } from '../support/env';
import { expect, expectAccessible, signUpViaApi, test, upgradeViaCheckout } from '../support/fixtures';

test.describe('[BILLING] plans bought through checkout (issue 20 point 2)', () => {
  test('a teacher upgrades from the profile to Premium Lehrer; the upgrade button is gone', async ({
    page,
  }) => {
    await signUpViaApi(page, { accountType: 'teacher' });
    await page.goto('/profile');
    const plan = page.getByRole('definition').filter({ hasText: /^Freemium$/ });
    await expect(plan).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade' }).click();

    await expect(page).toHaveURL(/\/pricing/);
    await expect(page.getByRole('heading', { name: 'Ein Tarif für jede Klasse' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Premium Lehrer: 14 Tage kostenlos testen' }).click();

    // the stand-in's hosted checkout page
    await expect(page).toHaveURL(new RegExp(`^${e2eStripeUrl}/checkout/`));
    await expect(page.getByText('price_premium_teacher_month')).toBeVisible();
    await page.getByRole('button', { name: 'Bezahlen' }).click();

    await expect(page).toHaveURL(/\/profile\?checkout=success$/);
    await expect(page.getByText(planMessages.checkoutSucceeded)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Premium Lehrer$/ })).toBeVisible();
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /^\d{2}\.\d{2}\.\d{4}$/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    // 14 days of trial, then the first payment; the analyses are unlimited
    await expect(page.getByRole('term').filter({ hasText: 'Testphase bis' })).toBeVisible();
    await expect(page.getByText('Unbegrenzte Analysen')).toBeVisible();
    const manage = page.getByRole('button', { name: planMessages.manageSubscription });
    await expect(manage).toBeVisible();
    await expectAccessible(page);

    // the customer portal: a cancellation waits for the period's end, the plan stays until then
    await manage.click();
    await expect(page).toHaveURL(new RegExp(`^${e2eStripeUrl}/portal/`));
    await page.getByRole('button', { name: 'Zum Periodenende kündigen' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('definition').filter({ hasText: /^Premium Lehrer$/ })).toBeVisible();
    await expect(
      page.getByText(/Gekündigt: Premium Lehrer bleibt bis zum \d{2}\.\d{2}\.\d{4} aktiv/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  });

  test('signed out, the plan buttons lead to the sign-up; upgradeViaCheckout gives a paid plan', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(
      page.getByTestId('plan-basic').getByRole('link', { name: '7 Tage kostenlos testen' }),
    ).toHaveAttribute('href', '/signup');

    await signUpViaApi(page, { accountType: 'teacher' });
    const profile = await upgradeViaCheckout(page, 'pro_team', 'year');
    expect(profile.subscription).toMatchObject({ plan: 'pro_team', interval: 'year', status: 'trialing' });
    expect(profile.credits).toBeNull();
  });
});
