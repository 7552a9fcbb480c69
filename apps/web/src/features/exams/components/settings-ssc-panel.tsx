import { DEFAULT_SCORE_CONFIG, type ScoreConfig } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { managerQueries, useManagerContext, useSaveSSC } from '../manager-queries.ts';
import { mergeScoreConfig, pickScoreConfig } from '../settings-form.ts';
import { acceptConfig, SettingsConfigFields } from './settings-config-fields.tsx';

/**
 * 成绩分析设置: the school's score configuration (SSC). New exams copy it; an exam's own copy is
 * changed when publishing. 恢复默认 only fills the form: nothing changes until 保存.
 */
export function SettingsSscPanel() {
  const { schoolId, canEdit } = useManagerContext();
  const ssc = useQuery(managerQueries.ssc(schoolId));
  const save = useSaveSSC();
  const [form] = Form.useForm<ScoreConfig>();
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (ssc.data) {
      form.setFieldsValue(mergeScoreConfig(ssc.data));
      setDirty(false);
    }
  }, [ssc.data, form]);

  async function submit() {
    try {
      await form.validateFields();
    } catch {
      return; // the messages show under the fields
    }
    const config = pickScoreConfig(form.getFieldsValue(true) as ScoreConfig);
    if (!acceptConfig(form, config)) return;
    try {
      await save.mutateAsync(config);
    } catch {
      return; // shown by the api-client
    }
    setDirty(false);
    notifySuccess('保存成功');
  }

  if (ssc.isLoading) return <Spin />;
  if (ssc.error) return <Alert type="error" showIcon title={`成绩分析设置加载失败：${ssc.error.message}`} />;
  return (
    <section aria-label="成绩分析设置">
      {canEdit ? null : (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="成绩分析设置由学校管理员维护，此处只读" />
      )}
      <Form<ScoreConfig>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={mergeScoreConfig(ssc.data)}
        onValuesChange={() => setDirty(true)}
      >
        <SettingsConfigFields disabled={!canEdit} />
      </Form>
      {canEdit ? (
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(structuredClone(DEFAULT_SCORE_CONFIG));
              setDirty(true);
            }}
          >
            恢复默认
          </Button>
          {dirty ? <Alert type="warning" title="有未保存的修改" banner style={{ paddingBlock: 4 }} /> : null}
        </Flex>
      ) : null}
    </section>
  );
}
