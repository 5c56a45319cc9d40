import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('a support request answered', () => {
  it('the customer asks about an order, the manager answers in the inbox, the customer replies, the manager closes it', async () => {
    // one of the demo customer's orders to ask about (the journey makes its own request)
    const customerApi = await apiAs('customer');
    const [order] = await customerApi<Array<{ order_id: number }>>('/orders?page=1&page_size=1');
    expect(order).toBeDefined();
    const orderId = order!.order_id;
    const subject = `Gate code for order #${orderId} (${Date.now().toString(36)})`;

    // the customer, on a phone, sends the request
    const customer = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await loginAs(customer, 'customer');
    await customer.waitForURL((url) => url.pathname === '/customer');
    await customer.goto('/customer/support');
    await customer.getByLabel('Subject').fill(subject);
    await customer.getByLabel('Related order').selectOption(String(orderId));
    await customer.getByLabel('Message').fill('The back gate is locked after 5 pm. Please ring 0771234567.');
    await customer.getByRole('button', { name: 'Send request' }).click();
    const received = customer.getByText(/^Request #(\d+) received$/);
    await received.waitFor();
    const requestId = Number(/#(\d+)/.exec((await received.textContent()) ?? '')?.[1]);
    expect(requestId).toBeGreaterThan(0);
    const mine = customer.getByRole('region', { name: `Request #${requestId}` });
    await mine.getByText('Our team will answer here.').waitFor();
    await screenshot(customer, 'support-customer-sent');

    // the manager hears of it in the bell and opens it from there
    const manager = await browser.newPage();
    await loginAs(manager, 'manager');
    await manager.waitForURL((url) => url.pathname === '/manager');
    await manager.getByRole('button', { name: /^Notifications/ }).click();
    await manager
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`^New support request #${requestId} from Perera Grocery`) })
      .click();
    await manager.waitForURL((url) => url.pathname === '/manager/support');
    const pane = manager.getByRole('heading', { name: `#${requestId} · ${subject}` });
    await pane.waitFor();
    await manager.getByText('The back gate is locked after 5 pm.').waitFor();
    await manager.getByRole('link', { name: `Order #${orderId}` }).waitFor();
    await manager
      .getByLabel('Answer')
      .fill('Thank you: the driver will come before 5 pm and ring you first.');
    await manager.getByRole('button', { name: 'Send answer' }).click();
    await manager.getByText('Answered; waiting for the customer.').waitFor();
    await screenshot(manager, 'support-manager-answered');

    // the customer is notified, follows the notification to the answer and replies
    await customer.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await customer
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: `Our team answered your support request #${requestId} "${subject}".` })
      .click();
    await mine.getByText('Thank you: the driver will come before 5 pm and ring you first.').waitFor();
    await mine.getByText('KandyPack Support').waitFor();
    await mine.getByText('Our team answered. Reply below if you need more help.').waitFor();
    await screenshot(customer, 'support-customer-answer');
    await mine.getByLabel('Your reply').fill('Perfect, thank you. Someone will be at the shop.');
    await mine.getByRole('button', { name: 'Send reply' }).click();
    // in the conversation: until the reply is sent the box still holds the same words
    await mine
      .getByRole('list', { name: 'Conversation' })
      .getByText('Perfect, thank you. Someone will be at the shop.')
      .waitFor();
    await expect.poll(() => mine.getByLabel('Your reply').inputValue()).toBe('');
    await mine.getByText('Our team will answer here.').waitFor();

    // the reply reopens the request in the manager's inbox (pushed live); the manager closes it
    await manager.getByText('Perfect, thank you. Someone will be at the shop.').waitFor();
    await manager.getByText('Waiting for an answer.').waitFor();
    await manager.getByRole('button', { name: 'Close request' }).click();
    const closing = manager.getByRole('dialog', { name: `Close request #${requestId}?` });
    await closing
      .getByLabel(/Last message to the customer/)
      .fill('Glad we could help. Closing this request.');
    await screenshot(manager, 'support-manager-close');
    await closing.getByRole('button', { name: 'Close request' }).click();
    await manager
      .getByText(`Request #${requestId} is closed with your last message. The customer was notified.`)
      .waitFor();
    await manager
      .getByText(/^Closed .* by manager\. It reopens here if the customer writes again\.$/)
      .waitFor();

    // the customer sees it closed, with the last message and a notification
    await mine.getByText('Closed. Write again below and it reopens.').waitFor();
    await mine.getByText('Glad we could help. Closing this request.').waitFor();
    await customer.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await customer
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(
        `Your support request #${requestId} "${subject}" was closed with a last message from our team.`,
        {
          exact: false,
        },
      )
      .waitFor();
    await screenshot(customer, 'support-customer-closed');
    await customer.context().close();
    await manager.context().close();
  });
});
