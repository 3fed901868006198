import { COMPARE_OP_SIGNS, type ChartDefinition, type Language, type RegisterDef, type StateCondition } from '@dms/contract';
import type { Translate } from '@/i18n';
import { registerName } from '@/features/devices/registers';

interface WordsContext {
  t: Translate;
  lang: Language;
  registers: readonly RegisterDef[];
}

function nameOf(number: number, { lang, registers }: WordsContext): string {
  const def = registers.find((r) => r.number === number);
  return def ? registerName(def, lang) : `#${number}`;
}

/** A stop-status state's test in words ("Run state = 2", "Run state inside 3–4", "Status bit 3 set"). */
export function stateConditionWords(c: StateCondition, ctx: WordsContext): string {
  const register = nameOf(c.register, ctx);
  switch (c.kind) {
    case 'compare':
      return `${register} ${COMPARE_OP_SIGNS[c.op]} ${c.value}`;
    case 'band':
      return `${register} ${ctx.t(c.inside ? 'chartsManage.form.inside' : 'chartsManage.form.outside')} ${c.low}–${c.high}`;
    case 'bit':
      return `${register} ${ctx.t('chartsManage.words.bit')} ${c.bit} ${ctx.t(c.set ? 'chartsManage.form.set' : 'chartsManage.form.clear')}`;
  }
}

/** What a chart shows, in a line: the list's "What it shows". */
export function chartWords(d: ChartDefinition, ctx: WordsContext): string {
  const { t } = ctx;
  switch (d.kind) {
    case 'gauge': {
      const unit = d.unit || ctx.registers.find((r) => r.number === d.register)?.unit || '';
      return t('chartsManage.words.gauge', { register: nameOf(d.register, ctx), min: d.min, max: d.max, unit, bands: d.bands.length });
    }
    case 'stacked':
      return t('chartsManage.words.stacked', {
        registers: d.registers.map((r) => nameOf(r, ctx)).join(' + '),
        span: t(`chartViews.window.${d.span}`),
      });
    case 'stop-status':
      return t('chartsManage.words.stopStatus', {
        states: d.states
          .map((s) =>
            t('chartsManage.words.state', { state: t(`chartViews.state.${s.state}`), condition: stateConditionWords(s.when, ctx) }),
          )
          .join('; '),
        otherwise: t(`chartViews.state.${d.otherwise}`),
      });
  }
}
