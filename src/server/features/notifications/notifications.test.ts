import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewScene } from '#server/test/crew-factories';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createCrewMember, createStore, createTruck, DAY, HOUR } from '#server/test/scheduling-factories';
import { insertApprovalNotices, insertAssignmentNotices, sweepTimedEvents } from './notifications.queries';
import { STARTING_SOON_MS, startNotificationSweeper } from './notifications.service';

const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');

type Auth = { auth: { authorization: string } };
const crewNotes = async (employeeId: number | null, who: Auth = manager) => {
  const res = await app.inject({
    url: `/api/deliveries/assistant/${employeeId}/notifications`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ notification_id: number; type: string; message: string; read: boolean }>;
};
const myNotes = async (who: Auth) => {
  const res = await app.inject({ url: '/api/notifications', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return {
    rows: res.json() as Array<{ notification_id: number; type: string; message: string; read: boolean }>,
    unread: Number(res.headers['x-unread-count']),
  };
};

describe('crew notifications from scheduling events', () => {
  it('tells a new crew of its assignment, a removed member of the cancellation, the one who stays of the change', async () => {
    const store = await createStore(app);
    const truck = await createTruck(app, store.storeId);
    const driver = await createCrewMember(app, 'Driver', store.storeId);
    const assistant = await createCrewMember(app, 'Assistant', store.storeId);
    const other = await createCrewMember(app, 'Assistant', store.storeId);
    const when = new Date(Date.now() + 5 * DAY);
    const created = await app.inject({
      method: 'POST',
      url: `/api/deliveries/deliveries?truck_id=${truck.truckId}&route_id=${store.routeId}&user_id=${manager.userId}&delivery_date_time=${encodeURIComponent(when.toISOString())}&driver_employee_id=${driver.employeeId}&assistant_employee_id=${assistant.employeeId}`,
      headers: manager.auth,
    });
    expect(created.statusCode, created.body).toBe(201);
    const deliveryId = created.json().delivery_id as number;
    const [d] = await crewNotes(driver.employeeId);
    expect(d).toMatchObject({ type: 'Alert', read: false });
    expect(d!.message).toContain(`New assignment: delivery #${deliveryId} on ${store.routeName}`);
    expect(d!.message).toContain(`You are the driver; crew mate ${assistant.name}`);
    expect((await crewNotes(assistant.employeeId))[0]!.message).toContain('You are the assistant');

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${deliveryId}/crew`,
      headers: manager.auth,
      payload: { driver_employee_id: driver.employeeId, assistant_employee_id: other.employeeId },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await crewNotes(assistant.employeeId))[0]!.message).toContain(
      `Assignment cancelled: you are no longer on delivery #${deliveryId}`,
    );
    expect((await crewNotes(other.employeeId))[0]!.message).toContain(
      `New assignment: delivery #${deliveryId}`,
    );
    const driverNotes = await crewNotes(driver.employeeId);
    expect(driverNotes).toHaveLength(2);
    expect(driverNotes[0]).toMatchObject({ type: 'Info' });
    expect(driverNotes[0]!.message).toContain(`your assistant is now ${other.name}`);
  });

  it('warns the crew of a delivery starting within 2 hours and of one running late, once each', async () => {
    const s = await crewScene(app, { manager, startInHours: 1.5 });
    const now = new Date();
    await sweepTimedEvents(app.ctx.db, now, STARTING_SOON_MS);
    await sweepTimedEvents(app.ctx.db, now, STARTING_SOON_MS);
    const soon = (await crewNotes(s.driver.employeeId)).filter((n) => n.message.includes('starts at'));
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({ type: 'Alert' });
    expect(soon[0]!.message).toContain(`Delivery #${s.deliveryId} on ${s.store.routeName} starts at`);

    await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.driver.auth,
    });
    const later = new Date(Date.now() + 6 * HOUR); // the 4-hour route planned to end 5.5 h from now
    await sweepTimedEvents(app.ctx.db, later, STARTING_SOON_MS);
    await sweepTimedEvents(app.ctx.db, later, STARTING_SOON_MS);
    const late = (await crewNotes(s.assistant.employeeId)).filter((n) => n.message.includes('running past'));
    expect(late).toHaveLength(1);
    expect(late[0]!.message).toContain(
      `Delivery #${s.deliveryId} on ${s.store.routeName} is running past its route's maximum time of 4.0 h`,
    );
    const managerLate = (await myNotes(manager)).rows.filter((n) =>
      n.message.includes(`Delivery #${s.deliveryId} `),
    );
    expect(managerLate).toHaveLength(1);
  });
});

describe('notices of a bulk plan (dispatch planner commit)', () => {
  it('tells both crew members of each new delivery and the customer of each approved order', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const at = new Date();
    await insertAssignmentNotices(app.ctx.db, [s.deliveryId], at);
    await insertApprovalNotices(app.ctx.db, [s.orders[0]!.orderId], at, {
      booked: 'Booked on a train',
      waiting: 'Approved, waiting for a train',
    });
    // found by their words: a read may also sweep the time-made notes (the run starting soon),
    // depending on when this app last swept (notifications.service.ts sweepIfDue)
    const assigned = (notes: Array<{ type: string; message: string }>) =>
      notes.filter((n) => n.message.startsWith('New assignment: '));
    const [d, ...more] = assigned(await crewNotes(s.driver.employeeId));
    expect(more).toEqual([]);
    expect(d).toMatchObject({ type: 'Alert' });
    expect(d!.message).toMatch(
      new RegExp(
        `^New assignment: delivery #${s.deliveryId} on ${s.store.routeName} \\(to ${s.store.town}\\), \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}, truck TR-\\w+\\. You are the driver; crew mate Test E\\w+\\.$`,
      ),
    );
    const toAssistant = assigned(await crewNotes(s.assistant.employeeId));
    expect(toAssistant).toHaveLength(1);
    expect(toAssistant[0]!.message).toContain('You are the assistant; crew mate Test');
    const mine = await myNotes(s.orders[0]!.customer);
    // the scene's orders are booked on a train (the customer's words, src/shared/order-progress.ts)
    expect(mine.rows.map((n) => n.message)).toContain(`Order #${s.orders[0]!.orderId}: Booked on a train.`);
  });
});

describe('customer notifications from order events', () => {
  it('follows the order: approved, on the train, out for delivery, delivered', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const o = s.orders[0]!;
    await sweepTimedEvents(app.ctx.db, new Date(Date.now() + 21 * HOUR), STARTING_SOON_MS);
    await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.assistant.auth,
    });
    for (const productId of o.productIds) {
      await app.inject({
        method: 'POST',
        url: `/api/deliveries/${s.deliveryId}/confirm-item`,
        headers: s.assistant.auth,
        payload: { order_id: o.orderId, product_id: productId, recipient_name: 'Ruwan' },
      });
    }
    const { rows, unread } = await myNotes(o.customer);
    // (the train in this scene leaves after the truck: its note is dated when the sweep saw it)
    const messages = rows.map((n) => n.message);
    expect(messages).toHaveLength(4);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Order #${o.orderId} has been delivered, received by Ruwan.`,
        `Order #${o.orderId} is out for delivery today.`,
        expect.stringMatching(
          new RegExp(`^Order #${o.orderId} is on the train .+ to ${s.store.cityName}, arriving `),
        ),
        `Order #${o.orderId}: Booked on a train. On its way by rail to the ${s.store.cityName} store.`,
      ]),
    );
    expect(unread).toBe(4);
    // the driver hears that the assistant started, and both that the run is complete
    const driverNotes = await crewNotes(s.driver.employeeId, s.driver);
    expect(driverNotes[0]!.message).toContain(
      `Delivery #${s.deliveryId} on ${s.store.routeName} is complete`,
    );
    expect(driverNotes[1]!.message).toContain(
      `Delivery #${s.deliveryId} on ${s.store.routeName} has started`,
    );
  });
});

describe("notifications in the recipient's language (issue 26)", () => {
  it('writes the assignment, starting, out for delivery, delivered, failed and ended notes in Sinhala and Tamil', async () => {
    const s = await crewScene(app, { manager, startInHours: 1.5 });
    const [delivered, failed] = s.orders as [(typeof s.orders)[0], (typeof s.orders)[0]];
    const choose = async (who: Auth, language: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile/language',
        headers: who.auth,
        payload: { language },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await choose(s.driver, 'si');
    await choose(s.assistant, 'ta');
    await choose(delivered.customer, 'si');
    await choose(failed.customer, 'ta');
    const at = new Date();
    await insertAssignmentNotices(app.ctx.db, [s.deliveryId], at);
    await sweepTimedEvents(app.ctx.db, at, STARTING_SOON_MS);
    const start = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.assistant.auth,
    });
    expect(start.statusCode, start.body).toBe(200);
    for (const productId of delivered.productIds) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/deliveries/${s.deliveryId}/confirm-item`,
        headers: s.driver.auth,
        payload: { order_id: delivered.orderId, product_id: productId, recipient_name: 'Ruwan' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const fail = await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/orders/${failed.orderId}/fail`,
      headers: s.driver.auth,
      payload: { reason: 'Customer absent' },
    });
    expect(fail.statusCode, fail.body).toBe(200);

    const d = s.deliveryId;
    const route = s.store.routeName;
    const driver = (await crewNotes(s.driver.employeeId, s.driver)).map((n) => n.message);
    expect(driver).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^නව වැඩක්: ${route} මාර්ගයේ බෙදාහැරීම #${d} \\(${s.store.town} දක්වා\\), \\d{4} \\S+ \\d{1,2}, \\d{2}:\\d{2}, ලොරිය TR-\\w+\\. ඔබ රියදුරා; සමඟ යන්නේ Test E\\w+\\.$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^${route} මාර්ගයේ බෙදාහැරීම #${d} \\d{2}:\\d{2}ට පටන් ගනී \\(ලොරිය TR-\\w+, ඇණවුම් 2\\)`),
        ),
        `${route} මාර්ගයේ බෙදාහැරීම #${d} ආරම්භ විය (${s.assistant.userName}): බාර දිය යුතු ඇණවුම් 2.`,
        `${route} මාර්ගයේ බෙදාහැරීම #${d} අවසන්: සියලු ඇණවුම් බාර දුන්නා. ස්තූතියි!`,
      ]),
    );
    const assistant = (await crewNotes(s.assistant.employeeId, s.assistant)).map((n) => n.message);
    expect(assistant).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^புதிய பணி: ${route} பாதையில் விநியோகம் #${d} .+ நீங்கள் உதவியாளர்; உடன் வருபவர் Test E\\w+\\.$`),
        ),
        expect.stringMatching(
          new RegExp(
            `^${route} பாதையில் விநியோகம் #${d} \\d{2}:\\d{2} மணிக்குத் தொடங்கும் \\(லொறி TR-\\w+, 2 ஆர்டர்கள்\\)`,
          ),
        ),
        `${route} பாதையில் விநியோகம் #${d} முடிந்தது: எல்லா ஆர்டர்களும் முடிந்தன. நன்றி!`,
      ]),
    );
    // nothing in English for them
    expect([...driver, ...assistant].filter((m) => /Delivery|assignment/.test(m))).toEqual([]);
    expect((await myNotes(delivered.customer)).rows.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        `ඇණවුම #${delivered.orderId} අද ඔබ වෙත ගෙන එමින් පවතී.`,
        `ඇණවුම #${delivered.orderId} බාර දෙන ලදී; ලබා ගත්තේ Ruwan.`,
      ]),
    );
    expect((await myNotes(failed.customer)).rows.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        `ஆர்டர் #${failed.orderId} இன்று விநியோகத்துக்காகப் புறப்பட்டுள்ளது.`,
        `இன்று ஆர்டர் #${failed.orderId} ஐ விநியோகிக்க முடியவில்லை: வாடிக்கையாளர் இல்லை. அது மீண்டும் ${s.store.cityName} களஞ்சியத்தில் உள்ளது, நாங்கள் மீண்டும் விநியோகிப்போம்.`,
      ]),
    );
    // the managers' notes stay English (the staff portals are not translated yet)
    expect((await myNotes(manager)).rows.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Failed delivery: order #${failed.orderId} `)),
      ]),
    );
  });
});

describe('reading notifications', () => {
  it('marks one read, then all; another user cannot touch them; a crew member reads only their own', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const customer = s.orders[0]!.customer;
    await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.driver.auth,
    });
    const { rows } = await myNotes(customer);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const first = rows[0]!.notification_id;
    const stranger = await createUser(app, 'Customer');
    const theirs = await app.inject({
      method: 'POST',
      url: `/api/notifications/${first}/read`,
      headers: stranger.auth,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(`Notification ${first} not found`);
    const read = await app.inject({
      method: 'POST',
      url: `/api/notifications/${first}/read`,
      headers: customer.auth,
    });
    expect(read.statusCode).toBe(204);
    const after = await myNotes(customer);
    expect(after.rows[0]!.read).toBe(true);
    expect(after.unread).toBe(rows.length - 1);
    const all = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: customer.auth,
    });
    expect(all.json()).toEqual({ updated: rows.length - 1 });
    expect((await myNotes(customer)).unread).toBe(0);
    const body = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(body.statusCode).toBe(422);

    // the assistant reads the mate-started note through its own crew endpoint, not the driver's
    expect((await crewNotes(s.assistant.employeeId, s.assistant))[0]!.message).toContain('has started');
    const forbidden = await app.inject({
      url: `/api/deliveries/assistant/${s.driver.employeeId}/notifications`,
      headers: s.assistant.auth,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe('You can only see your own notifications');
    // crew notifications are the crew member's in /api/notifications too
    const mine = await myNotes(s.assistant);
    expect(mine.rows[0]!.message).toContain('has started');
    const rowCount = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where employee_id = ${s.assistant.employeeId}`,
    );
    expect(mine.rows).toHaveLength(rowCount.rows[0]!.n);
  });
});

describe('marking read in the audit log', () => {
  // the audit trigger reads the actor from app.user_id, which withActor sets per transaction
  const readAudits = async (ids: number[]) =>
    (
      await app.ctx.db.execute<{ row_key: string; performed_by: number | null }>(
        sql`select row_key, performed_by from audit_log
             where table_name = 'notifications' and operation = 'UPDATE'
               and row_key in (${sql.join(
                 ids.map((id) => sql`${String(id)}`),
                 sql`, `,
               )})
             order by audit_id`,
      )
    ).rows;

  it('records the user who marked one notification read, and the one who marked them all', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const customer = s.orders[0]!.customer;
    await app.inject({
      method: 'POST',
      url: `/api/deliveries/${s.deliveryId}/start`,
      headers: s.driver.auth,
    });
    const ids = (await myNotes(customer)).rows.map((r) => r.notification_id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const one = await app.inject({
      method: 'POST',
      url: `/api/notifications/${ids[0]}/read`,
      headers: customer.auth,
    });
    expect(one.statusCode).toBe(204);
    expect(await readAudits([ids[0]!])).toEqual([{ row_key: String(ids[0]), performed_by: customer.userId }]);
    const all = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: customer.auth,
    });
    expect(all.json()).toEqual({ updated: ids.length - 1 });
    const audits = await readAudits(ids);
    expect(audits).toHaveLength(ids.length);
    expect(audits.every((a) => a.performed_by === customer.userId)).toBe(true);
  });
});

describe('the sweeper of the server', () => {
  it('writes the warnings time makes on its own, with nobody reading notifications', async () => {
    const s = await crewScene(app, { manager, startInHours: 1.5 });
    const startingSoon = async () => {
      const res = await app.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications
             where employee_id = ${s.driver.employeeId} and delivery_id = ${s.deliveryId}
               and message like '%starts at%'`,
      );
      return res.rows[0]!.n;
    };
    expect(await startingSoon()).toBe(0);
    const stop = startNotificationSweeper(app, app.ctx, 100);
    try {
      await expect.poll(startingSoon, { timeout: 10_000, interval: 100 }).toBe(1);
      // later sweeps find the same event and write nothing more
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await startingSoon()).toBe(1);
    } finally {
      stop();
    }
  });
});
