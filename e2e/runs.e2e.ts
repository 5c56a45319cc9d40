import { describe, expect, it } from 'vitest';
import type { DeliveryItem } from '#shared/contract/crew';
import type { Delivery } from '#shared/contract/deliveries';
import type { Employee } from '#shared/contract/employees';
import type { Store } from '#shared/contract/stores';
import { apiAs, DEMO_PASSWORD, loginAs, rawAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('one run on the road per truck', () => {
  it('a run is refused while its truck is on another: the phone says so next to Start, until that run is finished', async () => {
    const admin = await apiAs('admin');
    const manager = await apiAs('manager');
    const managerRaw = await rawAs('manager');
    const suffix = Date.now().toString(36);

    // the run on the road (the demo data's Colombo truck still out past its planned end)
    const onTheRoad = await manager<Delivery[]>('/deliveries/deliveries?status=In%20Transit&page_size=100');
    const late = onTheRoad.find((d) => d.store_city === 'Colombo' && new Date(d.end_date_time) < new Date());
    expect(late, 'the demo data has a Colombo truck on the road past its planned end').toBeDefined();
    const first = late!;

    // a new crew with logins (so no other journey's runs are in their way)
    const colombo = (await admin<Store[]>('/stores')).find((s) => s.city === 'Colombo')!;
    const hire = (type: 'Driver' | 'Assistant', firstName: string) =>
      admin<Employee>('/employees', {
        method: 'POST',
        body: JSON.stringify({
          firstName,
          lastName: `Wijesinghe ${suffix}`,
          type,
          store_id: colombo.store_id,
        }),
      });
    const login = (employee: Employee, role: string, username: string) =>
      admin('/users', {
        method: 'POST',
        body: JSON.stringify({
          username,
          email: `${username}@kandypack.lk`,
          role,
          password: DEMO_PASSWORD,
          employee_id: employee.employee_id,
        }),
      });
    const driver = await hire('Driver', 'Nimal');
    const assistant = await hire('Assistant', 'Chathura');
    const driverLogin = `nimal-${suffix}`;
    await login(driver, 'Driver', driverLogin);
    await login(assistant, 'Driver Assistant', `chathura-${suffix}`);

    // the second run of the same truck, inside its start window (the first's planned time is over,
    // so scheduling allows it; the first soonest free start of the truck within the next 90 minutes)
    const profile = await manager<{ user_id: number }>('/auth/profile');
    let second: Delivery | undefined;
    for (const minutes of [10, 40, 70, 100]) {
      const start = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000).toISOString();
      const query = new URLSearchParams({
        truck_id: String(first.truck_id),
        route_id: String(first.route_id),
        user_id: String(profile.user_id),
        delivery_date_time: start,
        driver_employee_id: String(driver.employee_id),
        assistant_employee_id: String(assistant.employee_id),
      });
      const res = await managerRaw(`/deliveries/deliveries?${query}`, 'POST');
      if (res.status === 201) {
        second = res.body as unknown as Delivery;
        break;
      }
    }
    expect(second, 'the truck has a free start within the window').toBeDefined();
    const secondId = second!.delivery_id;

    // the new driver's phone: Start is refused right next to the button, naming the run on the road
    const page = await browser.newPage(PHONE);
    await loginAs(page, driverLogin);
    await page.waitForURL((url) => url.pathname === '/assistant');
    const start = page.getByRole('button', { name: `Start delivery #${secondId}` });
    await start.waitFor();
    const refusal = new RegExp(
      `^Truck ${first.plate_number} is on delivery #${first.delivery_id} \\(${first.route_name}\\), In Transit since [0-9A-Za-z:, ]+ \\(Colombo time\\): finish it before starting delivery #${secondId}$`,
    );
    const card = page.getByRole('listitem').filter({ has: start });
    await card.getByText(refusal).waitFor();
    expect(await start.isDisabled()).toBe(true);
    // the notice is the button's description, where the driver is looking
    const describedBy = (await start.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(refusal);
    await screenshot(page, 'runs-start-refused-truck-on-the-road');

    // the server says the same to a tap that gets past the phone (the assistant's)
    const assistantRaw = await rawAs(`chathura-${suffix}`);
    const refused = await assistantRaw(`/deliveries/${secondId}/start`, 'POST');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(refusal);

    // the first run's crew finish it: every item left is confirmed (nothing stays In Transit)
    const firstDriverLogin = `crew-${suffix}`;
    await login({ employee_id: first.driver_employee_id } as Employee, 'Driver', firstDriverLogin);
    const firstDriver = await apiAs(firstDriverLogin);
    const items = await firstDriver<DeliveryItem[]>(`/deliveries/${first.delivery_id}/order-items`);
    for (const item of items.filter((i) => !i.confirmed)) {
      await firstDriver(`/deliveries/${first.delivery_id}/confirm-item`, {
        method: 'POST',
        body: JSON.stringify({
          order_id: item.order_id,
          product_id: item.product_id,
          recipient_name: 'Shop owner',
        }),
      });
    }
    expect((await manager<Delivery>(`/deliveries/${first.delivery_id}`)).status).toBe('Delivered');

    // the truck is free: the phone no longer names it (what is left is the manager's: loading it)
    await page.reload();
    await start.waitFor();
    await card
      .getByText(`Delivery #${secondId} has no orders loaded: ask the manager to load the truck first`)
      .waitFor();
    expect(await card.getByText(refusal).count()).toBe(0);
    await screenshot(page, 'runs-start-after-the-first-is-finished');
    await page.context().close();
  });
});
