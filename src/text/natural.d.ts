// natural is imported by subpath only: its main entry runs dotenv (loads the
// user's .env and prints to stdout). These are the subpaths swe-future uses.
declare module 'natural/lib/natural/stemmers/porter_stemmer.js' {
  const PorterStemmer: { stem(token: string): string };
  export default PorterStemmer;
}

declare module 'natural/lib/natural/classifiers/bayes_classifier.js' {
  class BayesClassifier {
    addDocument(text: string | string[], label: string): void;
    train(): void;
    classify(text: string | string[]): string;
    getClassifications(text: string | string[]): { label: string; value: number }[];
  }
  export default BayesClassifier;
}

declare module 'natural/lib/natural/distance/levenshtein_distance.js' {
  const distances: { LevenshteinDistance(source: string, target: string): number };
  export default distances;
}
