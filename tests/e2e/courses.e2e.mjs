// A course, as a seller builds it and a buyer takes it to its end. The seller (1366 px, English): New product →
// "Online course"; the content step says it misses a lesson; a chapter and two lessons; a video link that is not
// https refused before sending; a quiz with its right answer; the quiz lesson dragged before the other; a plan;
// publish. The same editor at 390 px in German. The buyer: pays, follows "Go to the course", signs in for this
// seller by the mailed link, fails the quiz once, passes it, finishes the last lesson (100 %), comments; the
// seller's course tabs show the attempts.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInPage, noSideways, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
const USERNAME = 'demo-seller';
const BUYER = `e2e.course.${Date.now()}@example.com`;
let browser;
let lastPage;
let shopUrl;
let editorUrl;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'courses-end');
});


const treeTitles = (page) =>
  page.locator('[data-testid^="course-item-"]').evaluateAll((els) => els.map((e) => e.dataset.testid.replace('course-item-', '')));

test('a seller builds a course: chapters, lessons, a quiz, drag and drop, a plan, publish', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/products');
  lastPage = page;
  await page.getByTestId('new-product').click();
  await page.getByTestId('new-product-form-course').check();
  await page.getByTestId('new-product-name').fill(`E2E Course ${Date.now()}`);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit/);
  editorUrl = new URL(page.url()).pathname;
  await page.getByTestId('step-details').waitFor();
  const steps = await page.locator('[data-testid^="step-"]:not([data-testid^="step-missing"])').evaluateAll((els) => els.map((e) => e.dataset.testid));
  assert.deepEqual(steps, ['step-details', 'step-content', 'step-checkout', 'step-upsell']);
  assert.equal(await page.getByTestId('step-missing-content').innerText(), 'No lesson yet');
  await page.getByTestId('step-content').click();
  await page.waitForURL(/step=2/);
  await page.getByText('No chapters or lessons yet').waitFor();

  const title = page.getByTestId('course-new-title');
  await title.fill('Basics');
  await page.getByTestId('course-add-chapter').click();
  await page.getByTestId('course-item-Basics').waitFor();
  await title.fill('x');
  await page.getByTestId('course-add-lesson').click();
  await page.getByText('At least 2 characters').waitFor(); // the contract's minimum, before sending
  await title.fill('Welcome');
  await page.getByRole('button', { name: 'Add a lesson with the title above to Basics' }).click();
  await page.getByTestId('course-item-Welcome').waitFor();
  await title.fill('Quiz time');
  await page.getByRole('button', { name: 'Add a lesson with the title above to Basics' }).click();
  await page.getByTestId('course-item-Quiz time').waitFor();
  assert.deepEqual(await treeTitles(page), ['Basics', 'Welcome', 'Quiz time']);
  await page.getByTestId('step-missing-content').waitFor({ state: 'detached' });

  // the first lesson: a text and a video; a link that is not https is refused before anything is sent
  await page.getByTestId('edit-Welcome').click();
  await page.getByTestId('add-block-text').click();
  await page.getByTestId('block-0-text').fill('Flour, water, salt and time.');
  await page.getByTestId('add-block-video').click();
  await page.getByTestId('block-1-url').fill('http://media.example.com/welcome');
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches += 1;
  });
  await page.getByTestId('lesson-save').click();
  await page.getByText('Enter a link starting with https://').waitFor();
  assert.equal(patches, 0, 'nothing was sent');
  await page.getByTestId('block-1-url').fill('https://media.example.com/welcome');
  await page.getByTestId('lesson-save').click();
  await page.getByTestId('lesson-save').waitFor({ state: 'detached' });
  assert.equal(patches, 1);

  // the quiz lesson: one question, the second answer right
  await page.getByTestId('edit-Quiz time').click();
  await page.getByTestId('add-question').click();
  await page.getByTestId('question-0-text').fill('How long does the dough rest?');
  await page.getByTestId('question-0-option-0').fill('Five minutes');
  await page.getByTestId('question-0-option-1').fill('Overnight');
  await page.getByTestId('lesson-save').click();
  await page.getByText('Tick at least one right answer').waitFor(); // no right answer yet: refused before sending
  await page.getByTestId('question-0-correct-1').check();
  await page.getByTestId('lesson-save').click();
  await page.getByTestId('lesson-save').waitFor({ state: 'detached' });
  await page.getByTestId('course-item-Quiz time').getByText('Quiz, 1 questions').waitFor();

  // drag the quiz lesson onto the first lesson: it comes first, and stays first after a reload
  await page.getByTestId('course-item-Quiz time').dragTo(page.getByTestId('course-item-Welcome'));
  await page.waitForFunction(() => document.querySelector('[data-testid^="course-item-"]:nth-child(2)')?.dataset.testid === 'course-item-Quiz time');
  await page.reload();
  await page.getByTestId('course-item-Welcome').waitFor();
  assert.deepEqual(await treeTitles(page), ['Basics', 'Quiz time', 'Welcome']);
  await noSideways(page);
  await shot(page, 'course-content-1366');

  await page.getByTestId('step-checkout').click();
  await page.getByTestId('plan-name').fill('Full course');
  await page.getByTestId('plan-price').fill('49.00');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('pricing-plans').getByText('49.00').first().waitFor();
  await page.getByTestId('publish-button').click();
  await page.getByText(/published/i).first().waitFor();
  shopUrl = new URL(await page.getByRole('link', { name: 'Product page' }).getAttribute('href'), BASE).pathname;
  await page.context().close();
});

test('the course editor on a phone, in German', async () => {
  const page = await signedInPage(browser, 'seller', `${editorUrl}?step=2`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  lastPage = page;
  await page.getByTestId('lang-de').click();
  await page.getByText('Kapitel und Lektionen').waitFor();
  await page.getByTestId('lessons-count').getByText('2 Lektionen').waitFor();
  assert.deepEqual(await treeTitles(page), ['Basics', 'Quiz time', 'Welcome']);
  await noSideways(page);
  await shot(page, 'course-content-390-de');
  await page.getByTestId('edit-Quiz time').click();
  await page.getByText('Lektion bearbeiten').waitFor();
  await page.getByLabel('Bestehensgrenze (% richtig)').waitFor();
  await noSideways(page);
  await shot(page, 'course-lesson-dialog-390-de');
  await page.getByTestId('lang-en').click().catch(() => {}); // behind the dialog: the next scenario starts in English anyway
  await page.context().close();
});

async function signInLink(page, email) {
  for (let i = 0; i < 100; i += 1) {
    const mails = await (await page.request.get(`${MAIL}/api/messages`, { params: { to: email } })).json();
    const link = mails.map((m) => /https?:\/\/\S+\/s\/[^/\s]+\/sign_in\?token=[\w-]+/.exec(m.body)?.[0]).find(Boolean);
    if (link) return new URL(link).pathname + new URL(link).search;
    await page.waitForTimeout(200);
  }
  throw new Error(`no sign-in link for ${email}`);
}

test('a buyer takes the course to its end: sign-in by link, a failed and a passed quiz, the last lesson', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  await page.getByTestId('payer-first-name').fill('Bea');
  await page.getByTestId('payer-last-name').fill('Baker');
  await page.getByTestId('payer-email').fill(BUYER);
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('course-link').click({ timeout: 30_000 });

  // not signed in: the seller's sign-in page, then the mailed link leads back into the course
  await page.waitForURL(new RegExp(`/s/${USERNAME}/sign_in$`));
  await page.getByTestId('payer-email').fill(BUYER);
  await page.getByTestId('payer-send-link').click();
  await page.getByTestId('payer-link-sent').waitFor();
  await page.goto(await signInLink(page, BUYER));
  await page.getByTestId('course-outline').waitFor();
  await page.getByTestId('lesson-title').getByText('Quiz time').waitFor(); // the first lesson not finished
  assert.match(await page.getByTestId('course-progress').innerText(), /0 of 2 lessons/);

  // a wrong answer: not passed, one attempt used; then the right one
  await page.getByTestId('answer-0-0').check();
  await page.getByTestId('quiz-submit').click();
  await page.getByTestId('quiz-failed').waitFor();
  await page.getByTestId('attempts-left').getByText('4 attempts left').waitFor();
  await page.getByTestId('answer-0-0').uncheck();
  await page.getByTestId('answer-0-1').check();
  await page.getByTestId('quiz-submit').click();
  await page.getByTestId('quiz-passed').waitFor();
  await page.getByTestId('course-progress').getByText(/1 of 2 lessons/).waitFor();

  await page.getByTestId('lesson-next').click();
  await page.getByTestId('lesson-title').getByText('Welcome').waitFor();
  await page.getByText('Flour, water, salt and time.').waitFor();
  await page.getByRole('link', { name: 'Watch the video' }).waitFor(); // a player page opens as a link
  await page.getByTestId('comment-body').fill('Best bread course!');
  await page.getByTestId('comment-send').click();
  await page.getByTestId('comments').getByText('Best bread course!').waitFor();
  await page.getByTestId('lesson-finish').click();
  await page.getByTestId('lesson-status').getByText('Finished').waitFor();
  await page.getByTestId('course-progress').getByText(/2 of 2 lessons · 100 %/).waitFor();
  await noSideways(page);
  await shot(page, 'course-player-done-1366');

  // the payer area lists the course, done; on a phone too
  await page.getByTestId('payer-home').click();
  await page.getByTestId('payer-purchases').getByText('100 % done').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await shot(page, 'payer-area-390');
  await context.close();

  // the seller sees both attempts
  const seller = await signedInPage(browser, 'seller', '/cabinet/courses/quiz_attempts');
  lastPage = seller;
  await seller.getByText(BUYER).first().waitFor();
  assert.equal(await seller.getByText(BUYER).count(), 2);
  await seller.getByTestId('courses-tab-overview').click();
  await seller.getByTestId('courses-overview').waitFor();
  await shot(seller, 'courses-overview-1366');
  await seller.context().close();
});
