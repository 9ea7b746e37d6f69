import { Link, useParams } from 'react-router-dom';
import {
  Badge,
  blogArticlePath,
  blogPostingJsonLd,
  ButtonLink,
  Container,
  formatBlogDate,
  Muted,
  PageMeta,
  paths,
  Section,
  siteUrl,
} from 'shared-lib';
import { Prose } from '../components/layout';
import { getArticle } from '../content/blog';

export default function BlogArticlePage() {
  const { slug } = useParams();
  const article = getArticle(slug);
  if (!article) {
    return (
      <Section>
        <PageMeta title="Article not found" notFound />
        <Container>
          <h1>Article not found</h1>
          <p>This article does not exist or has moved.</p>
          <Link to={paths.blog}>Back to the blog</Link>
        </Container>
      </Section>
    );
  }
  return (
    <Section>
      <PageMeta
        title={article.title}
        description={article.description}
        kind="article"
        structuredData={blogPostingJsonLd(article, siteUrl(), blogArticlePath(article.slug))}
      />
      <Container>
        <Prose as="article">
          <Badge $tone="accent">{article.category}</Badge>
          <h1 style={{ marginTop: '0.75rem' }}>{article.title}</h1>
          <Muted>
            <time dateTime={article.date}>{formatBlogDate(article.date)}</time> · {article.readTime}
          </Muted>
          <p style={{ fontSize: '1.125rem' }}>{article.description}</p>
          {article.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link to={paths.blog}>← All articles</Link>
          </p>
          <ButtonLink to={paths.contact}>Book a Discovery Call</ButtonLink>
        </Prose>
      </Container>
    </Section>
  );
}
