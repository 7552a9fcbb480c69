import type { ScoreInput, StudentScore } from '@huikao/contracts';
import { Button, Checkbox, Flex, Tooltip, Typography, theme } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type CellPosition,
  cellChanged,
  changedScores,
  checkTyping,
  columnHint,
  type GridColumn,
  moveFocus,
  type RowDraft,
  rowTotal,
  storedCellText,
} from '../score-grid-model.ts';

export interface ScoreGridProps {
  /** The single exam, for the link to each student's paper. */
  seId: string;
  columns: GridColumn[];
  /** The students of one class, in the order they are entered. */
  students: StudentScore[];
  editable: boolean;
  /** Saves the changed students; resolves with how many scores changed. A rejection keeps the edits. */
  onSave: (scores: ScoreInput[]) => Promise<number>;
  /** Told how many students have unsaved edits (0 again when the grid goes away). */
  onUnsavedChange?: (students: number) => void;
}

const cellKey = (row: number, col: number) => `${row}:${col}`;

/**
 * The keyboard-driven score grid (issue #4 item 4): rows are students, columns questions (letters
 * for objective ones, scores for subjective ones) and the derived total. Enter moves down, arrows
 * move, Tab moves right; what a cell cannot take is refused as it is typed, with the reason on the
 * cell; changed cells are highlighted until 保存 (or Ctrl+S).
 */
export function ScoreGrid({ seId, columns, students, editable, onSave, onUnsavedChange }: ScoreGridProps) {
  const { token } = theme.useToken();
  const [drafts, setDrafts] = useState<Map<string, RowDraft>>(new Map());
  const [error, setError] = useState<{ at: string; reason: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const changes = changedScores(columns, students, drafts);
  const size = { rows: students.length, cols: columns.length };
  const unsaved = changes.length;

  // Unsaved edits: the page tells the user before switching class or subject, and the browser
  // asks before a reload or closing the tab.
  useEffect(() => {
    onUnsavedChange?.(unsaved);
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, onUnsavedChange]);
  useEffect(() => () => onUnsavedChange?.(0), [onUnsavedChange]);

  const save = useCallback(async () => {
    if (changes.length === 0 || saving) return;
    setSaving(true);
    try {
      await onSave(changes);
      setDrafts(new Map());
      setError(null);
    } catch {
      // Shown by the api-client; the edits stay for another try.
    } finally {
      setSaving(false);
    }
  }, [changes, onSave, saving]);

  // Ctrl+S (⌘S) saves from anywhere on the page while the grid is shown, instead of saving the page.
  useEffect(() => {
    if (!editable) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, save]);

  function textOf(student: StudentScore, column: GridColumn): string {
    return drafts.get(student.studentId)?.cells[column.key] ?? storedCellText(column, student);
  }

  function type(row: number, col: number, raw: string) {
    const student = students[row]!;
    const column = columns[col]!;
    const checked = checkTyping(column, raw);
    if (!checked.ok) {
      setError({ at: cellKey(row, col), reason: checked.reason });
      return;
    }
    setError(null);
    setDrafts((current) => {
      const draft = current.get(student.studentId) ?? { cells: {} };
      return new Map(current).set(student.studentId, {
        ...draft,
        cells: { ...draft.cells, [column.key]: checked.text },
      });
    });
  }

  function setAbsent(student: StudentScore, absent: boolean) {
    setDrafts((current) => {
      const draft = current.get(student.studentId) ?? { cells: {} };
      return new Map(current).set(student.studentId, { ...draft, absent });
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, from: CellPosition) {
    const to = moveFocus(from, event.key, event.shiftKey, size);
    if (!to) return;
    event.preventDefault();
    const target = inputs.current.get(cellKey(to.row, to.col));
    target?.focus();
    target?.select();
    setError(null);
  }

  const headerCell = {
    padding: '6px 8px',
    background: token.colorFillAlter,
    borderBottom: `1px solid ${token.colorBorder}`,
  };
  const bodyCell = {
    padding: 2,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'center' as const,
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Typography.Text type="secondary">
          回车下移，方向键移动，Tab 右移；客观题填选项字母，主观题填分数；Ctrl+S 保存。
        </Typography.Text>
        {editable ? (
          <Button type="primary" disabled={changes.length === 0} loading={saving} onClick={() => void save()}>
            保存成绩{changes.length > 0 ? `（${changes.length} 人有修改）` : ''}
          </Button>
        ) : null}
      </Flex>
      <div style={{ overflow: 'auto', maxHeight: 560, border: `1px solid ${token.colorBorderSecondary}` }}>
        <table aria-label="成绩录入" style={{ borderCollapse: 'collapse', minWidth: '100%', whiteSpace: 'nowrap' }}>
          <thead style={{ position: 'sticky', top: 0, zIndex: 2 }}>
            <tr>
              <th style={headerCell}>学号</th>
              <th style={headerCell}>姓名</th>
              <th style={headerCell}>缺考</th>
              {columns.map((column) => (
                <th key={column.key} style={headerCell} title={columnHint(column)}>
                  {column.kind === 'total' ? '总分' : `第${column.title}题`}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 'normal' }}>
                    {column.kind === 'objective' ? `${column.fullMark}分 ${columnHint(column)}` : columnHint(column)}
                  </Typography.Text>
                </th>
              ))}
              {columns[0]?.kind === 'total' ? null : <th style={headerCell}>总分</th>}
            </tr>
          </thead>
          <tbody>
            {students.map((student, row) => {
              const draft = drafts.get(student.studentId);
              const absent = draft?.absent ?? student.absent;
              const texts = Object.fromEntries(columns.map((column) => [column.key, textOf(student, column)]));
              const total = rowTotal(columns, texts, absent);
              return (
                <tr key={student.studentId} data-testid={`score-row-${student.studentNo}`}>
                  <td style={{ ...bodyCell, padding: '2px 8px' }}>{student.studentNo}</td>
                  <td style={{ ...bodyCell, padding: '2px 8px' }}>
                    {/* The student's paper (each question against the key), in a new tab as spec §2 opens it. */}
                    <a
                      href={`/findStudentDetailPaper?seId=${seId}&studentId=${student.studentId}`}
                      target="_blank"
                      rel="noreferrer"
                      tabIndex={-1}
                    >
                      {student.name}
                    </a>
                  </td>
                  <td style={bodyCell}>
                    <Checkbox
                      aria-label={`${student.name}缺考`}
                      checked={absent}
                      disabled={!editable}
                      onChange={(event) => setAbsent(student, event.target.checked)}
                      style={absent !== student.absent ? { background: token.colorWarningBg } : undefined}
                    />
                  </td>
                  {columns.map((column, col) => {
                    const at = cellKey(row, col);
                    const text = texts[column.key] ?? '';
                    const changed = cellChanged(column, storedCellText(column, student), text);
                    const refused = error?.at === at ? error.reason : null;
                    return (
                      <td key={column.key} style={bodyCell}>
                        <Tooltip open={refused !== null} title={refused} color={token.colorError} placement="bottom">
                          <input
                            ref={(element) => {
                              if (element) inputs.current.set(at, element);
                              else inputs.current.delete(at);
                            }}
                            aria-label={`${student.name} ${column.kind === 'total' ? '总分' : `第${column.title}题`}`}
                            aria-invalid={refused !== null}
                            data-changed={changed ? 'true' : undefined}
                            value={text}
                            readOnly={!editable || absent}
                            onChange={(event) => type(row, col, event.target.value)}
                            onKeyDown={(event) => onKeyDown(event, { row, col })}
                            onBlur={() => refused && setError(null)}
                            style={{
                              width: column.kind === 'objective' ? 48 : 64,
                              textAlign: 'center',
                              padding: '3px 4px',
                              border: `1px solid ${refused ? token.colorError : changed ? token.colorWarning : token.colorBorder}`,
                              borderRadius: 4,
                              outline: 'none',
                              background: absent
                                ? token.colorBgContainerDisabled
                                : changed
                                  ? token.colorWarningBg
                                  : token.colorBgContainer,
                            }}
                          />
                        </Tooltip>
                      </td>
                    );
                  })}
                  {columns[0]?.kind === 'total' ? null : (
                    <td style={{ ...bodyCell, padding: '2px 8px' }} data-testid="row-total">
                      {absent ? '缺考' : total === null ? '—' : total}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? (
        <Typography.Text type="danger" role="alert" data-testid="grid-error">
          {error.reason}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
