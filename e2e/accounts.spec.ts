import type { APIRequestContext } from '@playwright/test';
import { tokenOf } from '../scripts/mailbox.mjs';
import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
  mailbox,
  registerBuyer,
  someProducts,
  test,
  uniqueEmail,
} from './fixtures';

/** The path and query of a mailed link: the journey opens it on the server under test. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function priceRequestStatus(
  request: APIRequestContext,
  token: string,
  email: string,
): Promise<[number, unknown]> {
  const [product] = await someProducts(request, 1);
  const response = await request.post('/api/orders/submit-order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstName: 'Journey',
      email,
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [{ productId: product!._id, quantity: ENOUGH_PIECES }],
    },
  });
  return [response.status(), await response.json()];
}

test.describe('accounts', () => {
  test('forgot password → the mailed link → a new password → log in with it', async ({ page }) => {
    const buyer = await registerBuyer(page.request, { name: 'Reset Buyer' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Email/).fill(buyer.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this e-mail address');

    const link = await mailbox.link(buyer.email, 'reset-password');
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel(/^New password/).fill('a-new-secret');
    await page.getByLabel(/^Confirm password/).fill('a-new-secreT');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match!');
    await page.getByLabel(/^Confirm password/).fill('a-new-secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
    await expectAccessible(page);

    // The link is spent: opening it again refuses the new password.
    await page.goto(pathOf(link));
    await page.getByLabel(/^New password/).fill('third-secret');
    await page.getByLabel(/^Confirm password/).fill('third-secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');

    await page.goto('/login');
    await page.getByLabel(/^Email/).fill(buyer.email);
    await page.getByLabel(/^Password/).fill('a-new-secret');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('an unverified buyer is asked to verify, sends the link again and opens it', async ({ page }) => {
    const buyer = await registerBuyer(page.request, { name: 'Verify Buyer' }, { verify: false });
    const session = await logInBrowser(page, buyer, { everyPage: true });
    const [status, body] = await priceRequestStatus(page.request, session.token, buyer.email);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const firstLink = await mailbox.link(buyer.email, 'verify-email');
    await page.goto('/profile');
    await expect(page.getByText('Your e-mail address is not confirmed yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText('We have sent you a new link. Please check your inbox.')).toBeVisible();
    await expectAccessible(page);

    const link = await mailbox.link(buyer.email, 'verify-email', { after: firstLink });
    expect(tokenOf(link)).not.toBe(tokenOf(firstLink));
    await page.goto(pathOf(firstLink));
    await expect(page.getByRole('alert')).toContainText(
      'This link is invalid, has expired or was used already.',
    );
    await page.goto(pathOf(link));
    await expect(page.getByRole('status')).toContainText('your e-mail address is confirmed');
    await expectAccessible(page);

    await page.goto('/profile');
    await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();
    expect((await priceRequestStatus(page.request, session.token, buyer.email))[0]).toBe(201);
  });

  test('an administrator disables and enables an account, and approves a rejected one', async ({
    page,
    request,
  }) => {
    // The buyer's calls go through their own request context: the page holds the admin's cookie.
    const buyer = await registerBuyer(request, { name: `Approval Buyer ${Date.now()}` });
    const buyerSession = await apiLogin(request, buyer);
    await logInBrowser(page, ADMIN, { everyPage: true });
    await page.goto('/userview');
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(buyer.email);
    const row = page.getByRole('row').filter({ hasText: buyer.email });
    await expect(row.getByText('Approved')).toBeVisible();
    await expect(row.getByText('E-mail verified')).toBeVisible();

    await row.getByRole('button', { name: 'Disable' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(/Disable the account of/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Approved')).toBeVisible();

    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByText('Disabled')).toBeVisible();
    const me = (token: string) =>
      request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me(buyerSession.token)).status()).toBe(401);
    const refused = await request.post('/api/users/login', {
      data: { email: buyer.email, password: buyer.password },
    });
    expect(refused.status()).toBe(401);

    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByText('Approved')).toBeVisible();
    const session = await apiLogin(request, buyer);

    // An account refused approval (trade approval's reject) keeps its list but cannot send a request.
    const adminToken = await page.evaluate(() => localStorage.getItem('token'));
    const rejected = await request.put(`/api/users/${session.userId}/status`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { status: 'rejected', reason: 'No trade licence yet' },
    });
    expect(rejected.status()).toBe(200);
    expect((await priceRequestStatus(request, session.token, buyer.email))[1]).toMatchObject({
      code: 'ACCOUNT_NOT_APPROVED',
    });
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(buyer.email);
    await expect(row.getByText('Rejected')).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Approve' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(/Approve the trade account of/);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByText('Approved')).toBeVisible();
    expect((await priceRequestStatus(request, session.token, buyer.email))[0]).toBe(201);
  });

  test('profile: edit details with the sign-up rules, change the password, sign out everywhere', async ({
    page,
  }) => {
    const buyer = await registerBuyer(page.request, { name: 'Profile Buyer', companyName: 'Old Co' });
    const otherSession = await apiLogin(page.request, buyer);
    await page.goto('/');
    await logInBrowser(page, buyer);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit your details' })).toBeVisible();
    await page.getByLabel(/^Name/).fill('Profile Buyer Renamed');
    await page.getByLabel(/^Company name/).fill('New Co');
    await page.getByLabel(/^Company website/).fill('not a website');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Please enter a valid website address')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Company website/).fill('newco.example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Profile Buyer Renamed')).toBeVisible();
    await expect(page.getByRole('main').getByText('New Co')).toBeVisible();

    // A new address must be confirmed again.
    const newEmail = uniqueEmail('moved');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel(/^Email/).fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/Please open the link we sent to your new e-mail address/)).toBeVisible();
    await expect(page.getByText('Your e-mail address is not confirmed yet.')).toBeVisible();
    await mailbox.link(newEmail, 'verify-email');

    await page.getByLabel(/^Current password/).fill('wrong');
    await page.getByLabel(/^New password/).fill('profile-new-secret');
    await page.getByLabel(/^Confirm password/).fill('profile-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
    await page.getByLabel(/^Current password/).fill(buyer.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your password has been changed. Every other sign-in has ended.'),
    ).toBeVisible();
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    expect((await page.request.get('/api/users/me', auth(otherSession.token))).status()).toBe(401);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await page.request.post('/api/users/login', {
      data: { email: newEmail, password: 'profile-new-secret' },
    });
    expect(login.status()).toBe(200);
  });
});
