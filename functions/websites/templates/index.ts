import { type BuiltTemplate, buildTemplate } from './build.ts';
import { coastal } from './coastal.ts';
import { heritage } from './heritage.ts';
import { minimal } from './minimal.ts';
import { urban } from './urban.ts';

/** The four built-in website templates, in the order the Templates screen shows them. */
export const BUILT_IN_TEMPLATE_LOOKS = [coastal, urban, heritage, minimal] as const;

export const BUILT_IN_TEMPLATE_IDS: readonly string[] = BUILT_IN_TEMPLATE_LOOKS.map((look) => look.id);

/** A built-in template by id (its content built on demand), or undefined. */
export function builtInTemplate(id: string): BuiltTemplate | undefined {
  const look = BUILT_IN_TEMPLATE_LOOKS.find((candidate) => candidate.id === id);
  return look ? buildTemplate(look) : undefined;
}

/** The built-in templates as the list shows them (no content). */
export const builtInTemplateSummaries = () =>
  BUILT_IN_TEMPLATE_LOOKS.map((look) => {
    const { content: _content, settings: _settings, ...summary } = buildTemplate(look);
    return summary;
  });
