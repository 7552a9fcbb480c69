import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableQuery, initialTableQuery, pageLocally, SEARCH_DEBOUNCE_MS } from './data-table.tsx';
import { UiConfigProvider } from './ui-config-provider.tsx';

interface Pupil {
  id: string;
  name: string;
  score: number;
  grade: string;
}

const PUPILS: Pupil[] = Array.from({ length: 45 }, (_, index) => ({
  id: `P${index + 1}`,
  name: `学生${String(index + 1).padStart(2, '0')}`,
  score: (index * 7) % 100,
  grade: index % 2 === 0 ? '七年级' : '八年级',
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page that fetches like the real ones: every query change is a "server call" recorded here. */
function Harness({ calls, total = PUPILS.length }: { calls: DataTableQuery[]; total?: number }) {
  const [query, setQuery] = useState(initialTableQuery());
  const rows = PUPILS.slice(0, total);
  return (
    <UiConfigProvider>
      <DataTable<Pupil>
        label="学生"
        rowKey="id"
        query={query}
        onQueryChange={(next) => {
          calls.push(next);
          setQuery(next);
        }}
        page={pageLocally(rows, query, { searchText: (pupil) => pupil.name })}
        columns={[{ key: 'name', title: '姓名', dataIndex: 'name' }]}
        toolbar={<button type="button">新增</button>}
        emptyText="还没有学生"
      />
    </UiConfigProvider>
  );
}

const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

describe('DataTable', () => {
  it('shows one page of 20 with the total, the toolbar, and moves to page 2 on request', async () => {
    const calls: DataTableQuery[] = [];
    render(<Harness calls={calls} />);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(calls.at(-1)).toMatchObject({ currentPage: 2, pageSize: 20, keyword: '' });
    await waitFor(() => expect(screen.getByText('学生21')).toBeTruthy());
  });

  it('offers page sizes 20, 50 and 100, and a new size starts again at page 1', async () => {
    const calls: DataTableQuery[] = [];
    render(<Harness calls={calls} />);
    fireEvent.click(screen.getByTitle('3'));
    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(within(sizeChanger).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['20 条/页', '50 条/页', '100 条/页']);
    fireEvent.click(await screen.findByText('50 条/页', { selector: '.ant-select-item-option-content' }));
    expect(calls.at(-1)).toMatchObject({ currentPage: 1, pageSize: 50 });
    await waitFor(() => expect(bodyRows()).toHaveLength(45));
  });

  it('searches once typing pauses, from page 1, not on every key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const calls: DataTableQuery[] = [];
    render(<Harness calls={calls} />);
    fireEvent.click(screen.getByTitle('2'));
    calls.length = 0;

    const search = screen.getByLabelText('搜索');
    for (const text of ['学', '学生', '学生0', '学生07']) {
      fireEvent.change(search, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS / 3));
    }
    expect(calls).toEqual([]);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ keyword: '学生07', currentPage: 1 });
    expect(bodyRows()).toHaveLength(1);
  });

  it('searches at once on Enter, and says when nothing matches', () => {
    const calls: DataTableQuery[] = [];
    render(<Harness calls={calls} />);
    const search = screen.getByLabelText('搜索');
    fireEvent.change(search, { target: { value: '没有这个人' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(calls.at(-1)).toMatchObject({ keyword: '没有这个人', currentPage: 1 });
    expect(screen.getByText('没有与“没有这个人”匹配的记录')).toBeTruthy();
  });

  it('says what to do when the list is empty', () => {
    render(<Harness calls={[]} total={0} />);
    expect(screen.getByText('还没有学生')).toBeTruthy();
  });
});

describe('pageLocally', () => {
  const options = {
    searchText: (pupil: Pupil) => pupil.name,
    filterValue: (pupil: Pupil, field: string) => (field === 'grade' ? pupil.grade : null),
    sortValue: (pupil: Pupil, field: string) => (field === 'score' ? pupil.score : null),
  };

  it('pages, searches, filters and sorts as a server would', () => {
    expect(pageLocally(undefined, initialTableQuery(), options)).toBeUndefined();
    const second = pageLocally(PUPILS, initialTableQuery({ currentPage: 3 }), options);
    expect(second).toEqual({ list: PUPILS.slice(40), total: 45 });

    const searched = pageLocally(PUPILS, initialTableQuery({ keyword: '学生1' }), options);
    expect(searched?.list.map((pupil) => pupil.name)).toEqual(PUPILS.slice(9, 19).map((pupil) => pupil.name));

    const filtered = pageLocally(PUPILS, initialTableQuery({ filters: { grade: ['八年级'] }, pageSize: 100 }), options);
    expect(filtered?.total).toBe(22);
    expect(filtered?.list.every((pupil) => pupil.grade === '八年级')).toBe(true);

    const sorted = pageLocally(
      PUPILS,
      initialTableQuery({ sortField: 'score', sortOrder: 'descend', pageSize: 100 }),
      options,
    );
    const scores = sorted?.list.map((pupil) => pupil.score) ?? [];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
