import { filterStyle } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../../i18n/locales/en/editorTools';
import zh from '../../../../i18n/locales/zh/editorTools';
import { readChartData } from '../chart/chart-data';
import { TEMPLATE_IDS, escapeHtml, templateHtml } from './templates';

type Language = { templates: { items: Record<string, unknown> } };

const messages = (id: (typeof TEMPLATE_IDS)[number], language: Language = en) =>
  language.templates.items[id] as Record<string, string>;

describe('templates', () => {
  it('offer at least 4 layouts, each with a name and a description', () => {
    expect(TEMPLATE_IDS.length).toBeGreaterThanOrEqual(4);
    for (const id of TEMPLATE_IDS) {
      expect(messages(id).name).toBeTruthy();
      expect(messages(id).description).toBeTruthy();
    }
  });

  it.each(TEMPLATE_IDS)('%s uses only texts that exist, all of them', (id) => {
    const used = new Set<string>();
    templateHtml(id, (key) => {
      used.add(key);
      const value = messages(id)[key];
      if (value === undefined) throw new Error(`missing ${id}.${key}`);
      return value;
    });
    const unused = Object.keys(messages(id)).filter(
      (key) => !used.has(key) && key !== 'name' && key !== 'description',
    );
    expect(unused).toEqual([]);
  });

  it.each(TEMPLATE_IDS)('%s writes its texts escaped, in the given language', (id) => {
    const html = templateHtml(id, (key) => messages(id, zh)[key]!);
    expect(html).toContain(escapeHtml(Object.values(messages(id, zh))[2]!));
    expect(templateHtml(id, () => '<b>&')).not.toContain('<b>&');
    for (const [, style] of html.matchAll(/style="([^"]*)"/g))
      expect(filterStyle(style!)).toBe(style);
  });

  it('gives a data table that the chart tool accepts', () => {
    const html = templateHtml('dataTable', (key) => messages('dataTable')[key]!);
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<t[hd]><p>(.*?)<\/p><\/t[hd]>/g)].map(([, cell]) => cell!),
    );
    expect(readChartData({ cells: rows, merged: false }).ok).toBe(true);
  });
});
