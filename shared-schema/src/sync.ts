/** Documents of the sync protocol (API.md "Sync"). */
export interface KitOptionDoc {
  scentCardOptionId: number;
  scentOptionId: number;
  sortOrder: number;
  name: string;
  storedPath: string;
}

export interface KitCardDoc {
  id: number;
  name: string;
  sortOrder: number;
  correctScentOptionId: number | null;
  options: KitOptionDoc[];
}

export interface KitDoc {
  /** The kit code in lower case. */
  id: string;
  kitId: number;
  name: string;
  version: number;
  passThreshold: number;
  updatedAt: string;
  _deleted: false;
  cards: KitCardDoc[];
}

export interface KitTombstone {
  id: string;
  version: number;
  updatedAt: string;
  _deleted: true;
}
