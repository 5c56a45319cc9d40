import type { AppContext } from '#server/context';
import { type Executor, withActor } from '#server/db/client';
import {
  notifyCustomer,
  notifyUsers,
  publishChange,
  supportAnsweredNotice,
  supportClosedNotice,
} from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, forbidden, notFound, unprocessable } from '#server/http/errors';
import type {
  CloseSupportRequest,
  CreateSupportMessage,
  CreateSupportRequest,
  SupportListQuery,
  SupportRequest,
  SupportRequestDetail,
} from '#shared/contract/support';
import { can } from '#shared/permissions';
import * as q from './support.queries';

/** Managers and admins work the inbox (the staff side); a customer reaches only its own requests. */
const isStaff = (user: AuthUser) => can(user.portal, 'support:answer');

/** Whose requests the caller reaches: a customer's own (null: all, for staff). */
function ownerOf(user: AuthUser): number | null {
  if (isStaff(user)) return null;
  if (user.customerId === null) throw forbidden('Your account is not linked to a customer profile');
  return user.customerId;
}

/** "subject" cut to fit in a notification line. */
const quoted = (subject: string) => `"${subject.length > 60 ? `${subject.slice(0, 57)}...` : subject}"`;

export async function createRequest(ctx: AppContext, user: AuthUser, body: CreateSupportRequest) {
  const customerId = user.customerId;
  if (customerId === null) throw forbidden('Your account is not linked to a customer profile');
  return withActor(ctx.db, user.userId, async (tx) => {
    if (body.order_id && !(await q.orderBelongsTo(tx, body.order_id, customerId))) {
      throw unprocessable(`order_id: order ${body.order_id} is not one of your orders`);
    }
    const at = ctx.clock();
    const id = await q.insertSupportRequest(tx, {
      customerId,
      userId: user.userId,
      orderId: body.order_id ?? null,
      subject: body.subject,
      message: body.message,
      createdAt: at,
    });
    const created = (await q.supportRequestRow(tx, id))!;
    await notifyUsers(tx, await q.supportStaffUserIds(tx), {
      type: 'Info',
      message: `New support request #${id} from ${created.customer_name}: ${quoted(body.subject)}${
        body.order_id ? ` about order #${body.order_id}` : ''
      }.`,
      at,
      requestId: id,
      ...(body.order_id ? { orderId: body.order_id } : {}),
    });
    await publishChange(tx, {
      kind: 'support',
      request_id: id,
      status: created.status,
      customer_id: customerId,
    });
    return created;
  });
}

/** Reads a staff search: a request or order number (`12`, `#12`), else words of a customer's name. */
function searchOf(qText: string | undefined): Pick<q.ListFilter, 'number' | 'customerText'> {
  const text = qText?.trim();
  if (!text) return {};
  const number = /^#?\s*([1-9]\d{0,9})$/.exec(text);
  if (number && Number(number[1]) <= 2_147_483_647) return { number: Number(number[1]) };
  return { customerText: text };
}

/** A page of requests, newest activity first, and the cursor of the next page (null: the last). */
export async function listRequests(ctx: AppContext, user: AuthUser, query: SupportListQuery) {
  const customerId = isStaff(user) ? null : (user.customerId ?? -1);
  let cursor: q.Cursor | undefined;
  if (query.cursor) {
    const [at, id] = query.cursor.split('_');
    cursor = { at: at!, requestId: Number(id) };
  }
  const rows = await q.listSupportRequests(ctx.db, {
    customerId,
    status: query.status,
    ...(customerId === null ? searchOf(query.q) : {}),
    limit: query.limit,
    cursor,
  });
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return {
    // field by field: an object rest per row costs microseconds a row in V8 (docs/benchmarks.md)
    rows: page.map(
      (r): SupportRequest => ({
        request_id: r.request_id,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        order_id: r.order_id,
        subject: r.subject,
        message: r.message,
        status: r.status,
        created_at: r.created_at,
        last_message_at: r.last_message_at,
        message_count: r.message_count,
        last_message_side: r.last_message_side,
        closed_at: r.closed_at,
      }),
    ),
    next: more ? page[page.length - 1]!.cursor : null,
  };
}

async function detail(db: Executor, user: AuthUser, requestId: number): Promise<SupportRequestDetail> {
  const staff = isStaff(user);
  const found = await q.findSupportRequest(db, requestId, ownerOf(user));
  if (!found) throw notFound(`Support request ${requestId} not found`);
  const messages = await q.listMessages(db, requestId, staff);
  return { ...found, closed_by_name: staff ? found.closed_by_name : null, messages };
}

export function getRequest(ctx: AppContext, user: AuthUser, requestId: number) {
  return detail(ctx.db, user, requestId);
}

/**
 * A message on a request. The customer's (on its own request only) reopens it when it was
 * answered or closed and tells the staff; a staff member's answers it and tells the customer,
 * and is refused on a closed request (the customer reopens it by writing).
 */
export async function postMessage(
  ctx: AppContext,
  user: AuthUser,
  requestId: number,
  body: CreateSupportMessage,
): Promise<SupportRequestDetail> {
  const staff = isStaff(user);
  return withActor(ctx.db, user.userId, async (tx) => {
    const request = await q.lockSupportRequest(tx, requestId, ownerOf(user));
    if (!request) throw notFound(`Support request ${requestId} not found`);
    if (staff && request.status === 'Closed') {
      throw conflict(`Support request #${requestId} is closed: it reopens when the customer writes again`);
    }
    const at = ctx.clock();
    await q.insertMessage(tx, {
      requestId,
      side: staff ? 'staff' : 'customer',
      userId: user.userId,
      body: body.message,
      at,
    });
    if (staff) {
      await notifyCustomer(tx, request.customer_id, {
        type: 'Info',
        message: supportAnsweredNotice(requestId, quoted(request.subject)), // in the customer's language
        at,
        requestId,
      });
    } else {
      const reopened =
        request.status === 'Open' ? '' : ` (it was ${request.status.toLowerCase()}, now open again)`;
      await notifyUsers(tx, await q.supportStaffUserIds(tx), {
        type: 'Info',
        message: `${request.customer_name} replied on support request #${requestId} ${quoted(request.subject)}${reopened}.`,
        at,
        requestId,
      });
    }
    const after = await detail(tx, user, requestId);
    await publishChange(tx, {
      kind: 'support',
      request_id: requestId,
      status: after.status,
      customer_id: request.customer_id,
    });
    return after;
  });
}

/** Closes a request, with a last message to the customer when one is given; the customer is told. */
export async function closeRequest(
  ctx: AppContext,
  user: AuthUser,
  requestId: number,
  body: CloseSupportRequest | null | undefined,
): Promise<SupportRequestDetail> {
  const message = body?.message?.trim() || null;
  return withActor(ctx.db, user.userId, async (tx) => {
    const request = await q.lockSupportRequest(tx, requestId, null);
    if (!request) throw notFound(`Support request ${requestId} not found`);
    if (request.status === 'Closed') throw conflict(`Support request #${requestId} is already closed`);
    const at = ctx.clock();
    if (message) {
      await q.insertMessage(tx, { requestId, side: 'staff', userId: user.userId, body: message, at });
    }
    await q.closeSupportRequest(tx, requestId, user.userId, at);
    await notifyCustomer(tx, request.customer_id, {
      type: 'Info',
      message: supportClosedNotice(requestId, quoted(request.subject), message !== null), // the customer's language
      at,
      requestId,
    });
    await publishChange(tx, {
      kind: 'support',
      request_id: requestId,
      status: 'Closed',
      customer_id: request.customer_id,
    });
    return detail(tx, user, requestId);
  });
}
