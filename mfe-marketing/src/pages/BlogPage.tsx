import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Badge,
  blogArticlePath,
  ButtonLink,
  Card,
  Container,
  formatBlogDate,
  Grid,
  Muted,
  paths,
  Section,
  PageMeta,
} from 'shared-lib';
import { PageHero } from '../components/layout';
import { articles } from '../content/blog';

const ArticleCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
  a {
    margin-top: auto;
    font-weight: 700;
  }
`;

const Meta = styled(Muted)`
  display: flex;
  gap: 0.75rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export default function BlogPage() {
  return (
    <>
      <PageMeta
        title="AI Insights & Guides"
        description="Practical guides to AI automation, chatbots, content and productivity for small businesses."
      />
      <PageHero
        eyebrow="Blog"
        title="AI Insights & Guides"
        lead="Practical, no-hype articles on putting AI to work in a small business."
      />
      <Section>
        <Container>
          <Grid $min="18rem">
            {articles.map((article) => (
              <ArticleCard key={article.id} as="article">
                <Badge $tone="accent" style={{ alignSelf: 'start' }}>
                  {article.category}
                </Badge>
                <h2>{article.title}</h2>
                <p>{article.description}</p>
                <Meta as="p">
                  <time dateTime={article.date}>{formatBlogDate(article.date)}</time>
                  <span>{article.readTime}</span>
                </Meta>
                <Link to={blogArticlePath(article.slug)} aria-label={`Read Article: ${article.title}`}>
                  Read Article
                </Link>
              </ArticleCard>
            ))}
          </Grid>
        </Container>
      </Section>
      <Section $tone="dark">
        <Container style={{ textAlign: 'center' }}>
          <h2>Ready to automate your business?</h2>
          <p>A 30-minute call is enough to find your first quick win.</p>
          <ButtonLink to={paths.contact} $size="lg">
            Book a Discovery Call
          </ButtonLink>
        </Container>
      </Section>
    </>
  );
}
