import { makePng } from './png';

/**
 * Catalogue set-up through the admin API (API.md), so a journey that is about one screen can start
 * from the data it needs instead of from what another journey left behind.
 */
export class CatalogueApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async send<T>(path: string, init: RequestInit): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, ...init.headers },
    });
    const body = await res.json();
    if (!res.ok || body.status !== 'Success') throw new Error(`${path} failed: ${res.status} ${JSON.stringify(body)}`);
    return body.data as T;
  }

  private post<T>(path: string, payload: unknown): Promise<T> {
    return this.send<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  }

  /** A scent option with a picture of its own colour; returns its id. */
  async createOption(title: string, rgb: [number, number, number]): Promise<number> {
    const form = new FormData();
    form.append('model', JSON.stringify({ Title: title }));
    form.append('file', new Blob([new Uint8Array(makePng(rgb))], { type: 'image/png' }), `${title}.png`);
    const option = await this.send<{ id: number }>('/api/ScentCardOption/CreateScentCardOption', {
      method: 'POST',
      body: form,
    });
    return option.id;
  }

  /** A new (inactive) play kit; returns its id. */
  async createKit(name: string): Promise<number> {
    return (await this.post<{ testKitId: number }>('/api/TestKit/SaveTestKit', { Name: name })).testKitId;
  }

  /** A card of the given options (sort orders 1..n in that order), the first one correct. */
  async createCard(kitId: number, name: string, sortOrder: number, optionIds: number[]): Promise<number> {
    const card = await this.post<{ scentCardId: number }>('/api/SentCard/CreateSentCardDetails', {
      Id: 0,
      TestKitId: kitId,
      Name: name,
      SortOrder: sortOrder,
      ScentCardOptionResultId: optionIds[0],
      ScentCardOptions: optionIds.map((id, i) => ({
        ScentCardOptionId: 0,
        ScentCardOptionDetailId: id,
        SortOrder: i + 1,
      })),
    });
    return card.scentCardId;
  }

  /** A kit as the admin's kit screen reads it: its QR code is a PNG data URL of the kit's address. */
  async kitByName(name: string): Promise<{ id: number; qrCode: string }> {
    const page = await this.post<{ list: { id: number; name: string }[] }>('/api/TestKit/GetTestKit', {
      pageNumber: 1,
      rowsPerPage: 100,
    });
    const found = page.list.find((k) => k.name === name);
    if (!found) throw new Error(`no kit named ${name}`);
    return this.send(`/api/TestKit/GetTestKitById?Id=${found.id}`, { method: 'GET' });
  }
}
