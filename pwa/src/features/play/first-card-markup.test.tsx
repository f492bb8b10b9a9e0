import { firstCardHtml, INTENSITY_LABELS, type KitDoc } from '@scentry/shared-schema';
import en from '@scentry/shared-schema/i18n/en.json';
import es from '@scentry/shared-schema/i18n/es.json';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages, t } from '../../i18n';
import { PlayScreen } from './play-screen';

/*
 * The server draws card 1 into the page's HTML (shared-schema kits/first-card.ts) and the app
 * takes the screen over with its own card: for nothing to move, both must be the same elements,
 * classes, attributes and texts. Compared after normalising what may differ: the radio group's
 * name (React makes its own id), the drawing's data-* attributes and fetchpriority, whitespace.
 */

const CARDS = [
  ['Rose', 'Lemon', 'Coffee', 'Mint', 'Smoke'],
  ['Banana', 'Orange', 'Cinnamon', 'Coffee', 'Strawberry'],
  ['Chocolate', 'Mint', 'Lemon', 'Banana', 'Rose'],
  ['Mint', 'Smoke', 'Strawberry', 'Cinnamon', 'Orange'],
  ['Coffee', 'Chocolate', 'Orange', 'Rose', 'Banana'],
];

/** A kit shaped as the demo kit DEMO1 (sync-server services/demo-seed.ts), or with names given. */
function kitOf(names: string[][], name = 'DEMO1'): KitDoc {
  return {
    id: name.toLowerCase(),
    kitId: 1,
    name,
    version: 3,
    passThreshold: 4,
    updatedAt: '2026-11-25T00:00:00.000Z',
    _deleted: false,
    // Listed out of order: both sides sort by sortOrder.
    cards: names
      .map((options, c) => ({
        id: 100 + c,
        name: `Demo card ${c + 1}`,
        sortOrder: c + 1,
        correctScentOptionId: c * 10 + 1,
        options: options.map((title, o) => ({
          scentCardOptionId: 1000 + c * 10 + o,
          scentOptionId: c * 10 + o + 1,
          name: title,
          sortOrder: o + 1,
          storedPath: `/uploads/${title.toLowerCase().replace(/\W/g, '') || 'x'}-${c}${o}.png`,
        })),
      }))
      .reverse(),
  } as KitDoc;
}

const IGNORED_ATTRIBUTES = /^(data-.*|fetchpriority)$/;

/** One line per node: tag with its sorted attributes, or its text (spaces collapsed). */
function canonical(node: Node, depth = 0, out: string[] = []): string[] {
  const pad = '  '.repeat(depth);
  if (node.nodeType === 3) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ');
    if (text.trim()) out.push(`${pad}"${text}"`);
    return out;
  }
  if (node.nodeType !== 1) return out;
  const el = node as Element;
  const attrs = [...el.attributes]
    .filter((a) => !IGNORED_ATTRIBUTES.test(a.name))
    .filter((a) => !(a.name === 'name' && el.getAttribute('type') === 'radio'))
    .map((a) => (a.name === 'class' ? `class="${a.value.split(/\s+/).sort().join(' ')}"` : `${a.name}="${a.value}"`))
    .sort();
  out.push(`${pad}<${el.tagName.toLowerCase()}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`);
  el.normalize();
  for (const child of el.childNodes) canonical(child, depth + 1, out);
  return out;
}

function parse(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  const section = host.querySelector('section.play');
  if (!section) throw new Error('no card in the drawing');
  return section;
}

async function appCard(kit: KitDoc): Promise<Element> {
  localStorage.clear();
  const rootRoute = createRootRoute({
    // 'device': the copy is already kept, so nothing is stored on the way.
    component: () => <PlayScreen state={{ status: 'ready', kit, source: 'device' }} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const { container } = render(<RouterProvider router={router} />);
  const section = await waitFor(() => {
    const found = container.querySelector('section.play');
    if (!found) throw new Error('no card yet');
    return found;
  });
  const copy = section.cloneNode(true) as Element;
  // The location question is the frame helper's: it leaves card 1 (DESIGN.md §7), so it is not
  // part of the card both sides draw.
  for (const notice of copy.querySelectorAll(':scope > aside.location')) notice.remove();
  return copy;
}

afterEach(() => cleanup());

describe("card 1: the server's drawing and the app's card are the same markup", () => {
  it('for the demo kit', async () => {
    const kit = kitOf(CARDS);
    const drawn = canonical(parse(firstCardHtml(kit, t)));
    const app = canonical(await appCard(kit));
    expect(drawn.join('\n')).toBe(app.join('\n'));
    // The comparison sees what matters: five steps, six intensities, card 1's five pictures in order.
    expect(drawn.filter((l) => l.includes('<li ')).length).toBe(5);
    expect(drawn.filter((l) => l.includes('<input ')).length).toBe(INTENSITY_LABELS.length);
    expect(drawn.filter((l) => l.includes('<img ')).map((l) => /src="([^"]+)"/.exec(l)?.[1])).toEqual(
      CARDS[0].map((t, o) => `/uploads/${t.toLowerCase()}-0${o}.png`),
    );
  });

  it('in Spanish, as the server draws it for a Spanish request', async () => {
    const kit = kitOf(CARDS);
    loadMessages('es', es as unknown as Parameters<typeof loadMessages>[1]);
    try {
      const drawn = canonical(parse(firstCardHtml(kit, t)));
      expect(drawn.join('\n')).toContain('AROMA 1');
      expect(drawn.join('\n')).toBe(canonical(await appCard(kit)).join('\n'));
    } finally {
      loadMessages('en', en as unknown as Parameters<typeof loadMessages>[1]);
    }
  });

  it('for names that are markup, escaped alike', async () => {
    const hostile = CARDS.map((options, c) =>
      c === 0 ? ['<script>alert(1)</script>', 'Tom & "Jerry"', "it's <b>", 'a</span><i>', 'Mint'] : options,
    );
    const kit = kitOf(hostile, 'Evil');
    const html = firstCardHtml(kit, t);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const drawn = parse(html);
    expect([...drawn.querySelectorAll('.choice span')].map((s) => s.textContent)).toEqual(hostile[0]);
    expect(canonical(drawn).join('\n')).toBe(canonical(await appCard(kit)).join('\n'));
  });

  it('the comparison fails when the two differ', async () => {
    const kit = kitOf(CARDS);
    const drawn = parse(firstCardHtml(kit, t));
    drawn.querySelector('.lead')?.classList.add('other');
    expect(canonical(drawn).join('\n')).not.toBe(canonical(await appCard(kit)).join('\n'));
  });
});

describe('the app takes over what was answered on the drawing before it started', () => {
  const kit = kitOf(CARDS);
  const lemon = kit.cards.find((c) => c.sortOrder === 1)?.options.find((o) => o.name === 'Lemon')?.scentOptionId;
  const progress = () => JSON.parse(localStorage.getItem('scentryPlay:demo1') ?? 'null');

  async function playScreen(): Promise<HTMLElement> {
    const rootRoute = createRootRoute({
      component: () => <PlayScreen state={{ status: 'ready', kit, source: 'device' }} />,
    });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
    const { container } = render(<RouterProvider router={router} />);
    await waitFor(() => {
      if (!container.querySelector('section.play')) throw new Error('no card yet');
    });
    return container;
  }
  const heading = (root: HTMLElement) => root.querySelector('#card-title')?.textContent;

  /** The page as the server sends it, answered as index.html's card script records it. */
  function drawn(answer: { intensity: number; pick?: number }) {
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.innerHTML = firstCardHtml(kit, t);
    document.body.prepend(shell);
    const section = shell.querySelector<HTMLElement>('section.play') as HTMLElement;
    (section.querySelector(`input[value="${answer.intensity}"]`) as HTMLInputElement).checked = true;
    if (answer.pick !== undefined) {
      section.dataset.picked = String(answer.pick);
      section.dataset.pickedAt = String(performance.now());
    }
  }

  it('a rating and a pick: card 2 follows, and the progress record is the one of a play the app served', async () => {
    // The app throughout: rate 3, pick Lemon, card 2.
    localStorage.clear();
    const served = await playScreen();
    fireEvent.click(served.querySelector('input[value="3"]') as HTMLInputElement);
    const button = [...served.querySelectorAll<HTMLButtonElement>('button.choice')].find((b) =>
      b.textContent?.includes('Lemon'),
    ) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(heading(served)).toBe('SCENT 2'), { timeout: 3000 });
    await waitFor(() => expect(progress()?.index).toBe(1));
    const throughout = progress();
    cleanup();

    // The same answers on the drawing, then the app.
    localStorage.clear();
    drawn({ intensity: 3, pick: lemon });
    const taken = await playScreen();
    expect(document.getElementById('shell')).toBeNull();
    await waitFor(() => expect(heading(taken)).toBe('SCENT 2'), { timeout: 3000 });
    await waitFor(() => expect(progress()?.index).toBe(1));
    expect({ ...progress(), savedAt: 0 }).toEqual({ ...throughout, savedAt: 0 });
    expect(progress().choices.filter((c: number | null) => c !== null)).toEqual([lemon]);
  });

  it('a rating alone: card 1 stays with it chosen and its options open; a pick of another kit is ignored', async () => {
    localStorage.clear();
    drawn({ intensity: 4, pick: 999_999 });
    const taken = await playScreen();
    expect(heading(taken)).toBe('SCENT 1');
    expect((taken.querySelector('input[value="4"]') as HTMLInputElement).checked).toBe(true);
    expect(taken.querySelector('fieldset.choices')?.hasAttribute('disabled')).toBe(false);
    expect(taken.querySelectorAll('.choice-on')).toHaveLength(0);
    expect(progress()).toMatchObject({
      index: 0,
      choices: [null, null, null, null, null],
      intensities: [4, null, null, null, null],
    });
  });
});
