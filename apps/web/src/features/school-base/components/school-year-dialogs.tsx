import { type SchoolYearWithTerms, schoolBaseApi, type Term } from '@huikao/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DATE_FORMAT, dateRule, dateText, rule } from '../form-rules.ts';
import { useSaveSchoolYear, useSaveTerm } from '../mutations.ts';

const yearFields = schoolBaseApi.addSchoolYear.params.shape;
const termFields = schoolBaseApi.addTerm.params.shape;

export const TERM_NAMES: Record<number, string> = { 1: '上学期', 2: '下学期' };

interface YearValues {
  name: string;
  startDate: Dayjs;
  endDate: Dayjs;
}

/** The year after the latest one: 2027-2028学年 from 2027-09-01 to 2028-08-31. */
export function nextSchoolYear(years: readonly SchoolYearWithTerms[], today: Dayjs = dayjs()): YearValues {
  const latest = years.map((year) => Number(year.startDate.slice(0, 4))).filter(Number.isFinite);
  const first = latest.length > 0 ? Math.max(...latest) + 1 : today.month() >= 7 ? today.year() : today.year() - 1;
  return {
    name: `${first}-${first + 1}学年`,
    startDate: dayjs(`${first}-09-01`),
    endDate: dayjs(`${first + 1}-08-31`),
  };
}

export interface SchoolYearDialogProps {
  open: boolean;
  year: SchoolYearWithTerms | null;
  years: readonly SchoolYearWithTerms[];
  onClose: () => void;
}

export function SchoolYearDialog({ open, year, years, onClose }: SchoolYearDialogProps) {
  const save = useSaveSchoolYear();
  return (
    <FormDialog<YearValues>
      open={open}
      title={year ? '编辑学年' : '新增学年'}
      onClose={onClose}
      initialValues={
        year
          ? { name: year.name, startDate: dayjs(year.startDate), endDate: dayjs(year.endDate) }
          : nextSchoolYear(years)
      }
      onSubmit={(values) =>
        save.mutateAsync({
          schyId: year?.schyId,
          name: values.name,
          startDate: dateText(values.startDate) ?? '',
          endDate: dateText(values.endDate) ?? '',
        })
      }
    >
      <Form.Item label="学年名称" name="name" required rules={[rule(yearFields.name)]}>
        <Input placeholder="如 2027-2028学年" maxLength={30} />
      </Form.Item>
      <Form.Item label="开始日期" name="startDate" required rules={[dateRule(yearFields.startDate)]}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="结束日期" name="endDate" required rules={[dateRule(yearFields.endDate)]}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

interface TermValues {
  termNo: number;
  startDate: Dayjs;
  endDate: Dayjs;
}

/** 上学期 from the year's start to the end of January; 下学期 from February to the year's end. */
export function defaultTermDates(year: SchoolYearWithTerms, termNo: number): Pick<TermValues, 'startDate' | 'endDate'> {
  const next = Number(year.startDate.slice(0, 4)) + 1;
  return termNo === 1
    ? { startDate: dayjs(year.startDate), endDate: dayjs(`${next}-01-31`) }
    : { startDate: dayjs(`${next}-02-01`), endDate: dayjs(year.endDate) };
}

export interface TermDialogProps {
  open: boolean;
  year: SchoolYearWithTerms | null;
  term: Term | null;
  onClose: () => void;
}

export function TermDialog({ open, year, term, onClose }: TermDialogProps) {
  const save = useSaveTerm();
  const [form] = Form.useForm<TermValues>();
  if (!year) return null;
  const usedNos = new Set(year.terms.map((candidate) => candidate.termNo));
  const firstFree = [1, 2].find((termNo) => !usedNos.has(termNo)) ?? 1;
  return (
    <FormDialog<TermValues>
      open={open}
      form={form}
      title={term ? `编辑学期：${year.name} ${term.name}` : `新增学期：${year.name}`}
      onClose={onClose}
      initialValues={
        term
          ? { termNo: term.termNo, startDate: dayjs(term.startDate), endDate: dayjs(term.endDate) }
          : { termNo: firstFree, ...defaultTermDates(year, firstFree) }
      }
      onSubmit={(values) =>
        save.mutateAsync({
          termId: term?.termId,
          schyId: year.schyId,
          termNo: values.termNo,
          startDate: dateText(values.startDate) ?? '',
          endDate: dateText(values.endDate) ?? '',
        })
      }
    >
      <Form.Item label="学期" name="termNo" required rules={[rule(termFields.termNo)]}>
        <Select
          disabled={term !== null}
          options={[1, 2].map((termNo) => ({
            value: termNo,
            label: TERM_NAMES[termNo],
            disabled: term === null && usedNos.has(termNo),
          }))}
          onChange={(termNo: number) => form.setFieldsValue(defaultTermDates(year, termNo))}
        />
      </Form.Item>
      <Form.Item label="开始日期" name="startDate" required rules={[dateRule(termFields.startDate)]}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="结束日期" name="endDate" required rules={[dateRule(termFields.endDate)]}>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
