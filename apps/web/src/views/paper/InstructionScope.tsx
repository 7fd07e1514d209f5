import type { InstructionView } from '@kaoshi/shared';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** How many chosen job types show by name before the rest become "+n" (named on hover). */
const SHOWN = 3;

/** The job types a notice is for: all of them, or their names. */
export function InstructionScope({ instruction }: { instruction: InstructionView }) {
  const { t } = useTranslation();
  if (instruction.allSubjects) {
    return (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {t('instruction.scope.all')}
      </Tag>
    );
  }
  const jobTypes = instruction.subjectIds.map((id, index) => ({
    id,
    name: instruction.subjectNames[index] ?? String(id),
  }));
  const rest = jobTypes.slice(SHOWN);
  return (
    <Flex gap={4} wrap className="instruction-scope">
      {jobTypes.slice(0, SHOWN).map((jobType) => (
        <Tag key={jobType.id} style={{ marginInlineEnd: 0 }}>
          {jobType.name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip
          title={
            <Flex vertical>
              {rest.map((jobType) => (
                <span key={jobType.id}>{jobType.name}</span>
              ))}
            </Flex>
          }
        >
          <Tag style={{ marginInlineEnd: 0 }}>
            {t('instruction.scope.more', { count: rest.length })}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
