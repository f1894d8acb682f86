// The filter buttons (one pressed at a time), the "stopped for at least N days" field, the sort
// order and its reverse toggle. Every change calls back with the whole view setting.
import { DEFAULT_STOPPED_DAYS, SCAN_FILTERS, SCAN_SORT_KEYS, type ScanFilter, type ScanSortKey } from '../../domain/coverage/coverageScanTable';
import type { CoverageScanStrings } from '../../shared/coverageScanProtocol';
import { setAppearance } from '../common/pressedButton';
import { el } from '../common/dom';
import { createButton, createDropdown, createTextField, type ButtonHandle } from '../common/toolkit';

export interface ViewSetting {
  filter: ScanFilter;
  stoppedDays: number;
  sort: ScanSortKey;
  descending: boolean;
}

export class ScanControls {
  readonly element: HTMLElement;
  readonly setting: ViewSetting = { filter: 'all', stoppedDays: DEFAULT_STOPPED_DAYS, sort: 'daysWithoutData', descending: false };
  private readonly filters = new Map<ScanFilter, ButtonHandle>();
  private readonly reverse: ButtonHandle;

  constructor(strings: CoverageScanStrings, onChange: (setting: ViewSetting) => void) {
    const labels: Record<ScanFilter, string> = {
      all: strings.filterAll,
      connectedButSilent: strings.filterConnectedButSilent,
      stoppedSyncing: strings.filterStoppedSyncing,
      neverDelivered: strings.filterNeverDelivered,
    };
    const filterRow = el('div', { className: 'preset-row', attrs: { role: 'group', 'aria-label': strings.filterLabel } });
    for (const filter of SCAN_FILTERS) {
      const button = createButton(labels[filter], () => {
        this.setting.filter = filter;
        this.markFilter();
        onChange(this.setting);
      });
      button.element.classList.add('preset');
      button.element.dataset.filter = filter;
      this.filters.set(filter, button);
      filterRow.append(button.element);
    }
    const stopped = createTextField({
      label: strings.stoppedDays,
      value: String(DEFAULT_STOPPED_DAYS),
      size: 4,
      onInput: (value) => {
        const days = Number(value.trim());
        if (!Number.isInteger(days) || days < 1) return stopped.setInvalid(true);
        stopped.setInvalid(false);
        this.setting.stoppedDays = days;
        if (this.setting.filter === 'stoppedSyncing') onChange(this.setting);
      },
    });
    stopped.element.classList.add('stopped-days');
    const sortLabels: Record<ScanSortKey, string> = {
      daysWithoutData: strings.sortDaysWithoutData,
      lastReading: strings.sortLastReading,
      readings: strings.sortReadings,
      silentSources: strings.sortSilentSources,
    };
    const sort = createDropdown({
      id: 'sort',
      label: strings.sortLabel,
      choices: SCAN_SORT_KEYS.map((key) => ({ value: key, label: sortLabels[key] })),
      value: this.setting.sort,
      onChange: (value) => {
        this.setting.sort = value as ScanSortKey;
        onChange(this.setting);
      },
    });
    this.reverse = createButton(strings.reverse, () => {
      this.setting.descending = !this.setting.descending;
      this.reverse.element.setAttribute('aria-pressed', String(this.setting.descending));
      onChange(this.setting);
    });
    this.reverse.element.setAttribute('aria-pressed', 'false');
    this.element = el(
      'div',
      { className: 'form-row scan-controls' },
      el('span', { className: 'field-label', text: strings.filterLabel }),
      filterRow,
      stopped.element,
      sort.element,
      this.reverse.element,
    );
    this.markFilter();
  }

  private markFilter(): void {
    for (const [filter, button] of this.filters) {
      button.element.setAttribute('aria-pressed', String(filter === this.setting.filter));
      setAppearance(button.element, filter === this.setting.filter ? 'primary' : 'secondary');
    }
  }
}
