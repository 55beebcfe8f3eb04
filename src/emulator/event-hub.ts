// The world's event hub: areas raise service events (ctx.events.emit) and listeners (the
// notifications area) hear them in subscription order, stamped with emulator time.
import type { AreaEvents, EventListener, ServiceEvent } from '../core/area.js';

export class EventHub implements AreaEvents {
  private readonly listeners: EventListener[] = [];

  constructor(private readonly now: () => number) {}

  on(listener: EventListener): void {
    this.listeners.push(listener);
  }

  async emit(event: ServiceEvent): Promise<void> {
    const raised = { ...event, at: this.now() };
    for (const listener of this.listeners) await listener(raised);
  }
}
