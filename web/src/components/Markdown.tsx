import { Typography } from 'antd';
import ReactMarkdown, { type Components } from 'react-markdown';

/** Links open in a new tab, without giving it this page (noopener). */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

interface Props {
  text: string;
  className?: string;
  'data-testid'?: string;
}

/**
 * Text in simple formatting (Markdown: emphasis, lists, links, headings), as announcements are written. Raw HTML is
 * never rendered (react-markdown drops it), and only http, https and mailto links are kept.
 */
export function Markdown({ text, className, 'data-testid': testId }: Props) {
  return (
    <Typography className={className ? `dms-markdown ${className}` : 'dms-markdown'} data-testid={testId}>
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
}
